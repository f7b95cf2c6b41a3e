#pragma once
// The bound on a whole call (a command, an API call): the evaluation steps of every evaluator the call
// makes, summed over the points of a sweep, the values a solve tries and the threads it runs on; and a
// hook by which the caller can stop it (the Python module's Ctrl-C). --max-steps bounds one evaluation:
// a sweep of 10,000 points each within it was bounded only by their product.
//
// A budget is in force on the thread that makes it while it lives; the threads of a parallel sweep adopt
// their caller's (base/in_order.cpp). Evaluators report their steps to the budget in force every 65,536
// steps and when they finish (eval/evaluator.cpp); the budget says when to stop. Scopes nest: the steps
// count towards every enclosing budget, and each one's hook is asked.
#include <atomic>
#include <cstdint>
#include <functional>
#include <thread>

namespace mlsi {

class CallBudget {
 public:
  // `max_steps` 0: no bound on steps. `cancelled`, if given, is asked on this thread only (the one that
  // made the budget, which may be the only one that may ask its caller), at most every 2^20 steps.
  explicit CallBudget(std::uint64_t max_steps, std::function<bool()> cancelled = {});
  ~CallBudget();
  CallBudget(const CallBudget&) = delete;
  CallBudget& operator=(const CallBudget&) = delete;

  // The budget in force on this thread, or null.
  static CallBudget* current();

  // Makes `budget` the one in force on this thread while it lives: a worker thread of the call.
  class Adopt {
   public:
    explicit Adopt(CallBudget* budget);
    ~Adopt();
    Adopt(const Adopt&) = delete;
    Adopt& operator=(const Adopt&) = delete;

   private:
    CallBudget* saved_;
  };

  enum class Stop { no, steps, cancelled };
  // Counts `n` more steps towards this budget and the enclosing ones, and says whether the call must stop:
  // one of them is spent (its max_steps() is passed), or its hook said stop (then every thread stops).
  Stop spend(std::uint64_t n);
  // For work that counts no steps (a block of points of a sweep's compiled program): whether the call
  // was cancelled, asking the hooks every 64th time.
  Stop poll();
  // The budget whose bound stopped the call (after spend() said Stop::steps): for its max_steps().
  const CallBudget* spent_one() const;
  std::uint64_t max_steps() const { return max_steps_; }

 private:
  std::uint64_t max_steps_;
  std::function<bool()> cancelled_hook_;
  std::thread::id owner_;
  CallBudget* enclosing_;
  std::atomic<std::uint64_t> spent_{0};
  std::atomic<std::uint64_t> next_ask_{0};  // spent_ at which the hook is asked next
  std::atomic<bool> cancelled_{false};
  std::atomic<std::uint64_t> polls_{0};
};

}  // namespace mlsi
