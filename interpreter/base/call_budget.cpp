#include "base/call_budget.hpp"

namespace mlsi {

namespace {

thread_local CallBudget* in_force = nullptr;

// Steps between two questions to a budget's hook: about a tenth of a second of evaluation.
constexpr std::uint64_t kAskEvery = std::uint64_t{1} << 20;

}  // namespace

CallBudget::CallBudget(std::uint64_t max_steps, std::function<bool()> cancelled)
    : max_steps_(max_steps), cancelled_hook_(std::move(cancelled)), owner_(std::this_thread::get_id()), enclosing_(in_force) {
  in_force = this;
}

CallBudget::~CallBudget() { in_force = enclosing_; }

CallBudget* CallBudget::current() { return in_force; }

CallBudget::Adopt::Adopt(CallBudget* budget) : saved_(in_force) { in_force = budget; }
CallBudget::Adopt::~Adopt() { in_force = saved_; }

CallBudget::Stop CallBudget::spend(std::uint64_t n) {
  Stop stop = Stop::no;
  for (CallBudget* b = this; b; b = b->enclosing_) {
    std::uint64_t total = b->spent_.fetch_add(n, std::memory_order_relaxed) + n;
    if (b->cancelled_.load(std::memory_order_relaxed)) return Stop::cancelled;
    if (b->cancelled_hook_ && std::this_thread::get_id() == b->owner_ && total >= b->next_ask_.load(std::memory_order_relaxed)) {
      b->next_ask_.store(total + kAskEvery, std::memory_order_relaxed);
      if (b->cancelled_hook_()) {
        b->cancelled_.store(true, std::memory_order_relaxed);
        return Stop::cancelled;
      }
    }
    if (b->max_steps_ && total > b->max_steps_) stop = Stop::steps;
  }
  return stop;
}

CallBudget::Stop CallBudget::poll() {
  for (CallBudget* b = this; b; b = b->enclosing_) {
    if (b->cancelled_.load(std::memory_order_relaxed)) return Stop::cancelled;
    if (b->cancelled_hook_ && std::this_thread::get_id() == b->owner_ && b->polls_.fetch_add(1, std::memory_order_relaxed) % 64 == 0 &&
        b->cancelled_hook_()) {
      b->cancelled_.store(true, std::memory_order_relaxed);
      return Stop::cancelled;
    }
  }
  return Stop::no;
}

const CallBudget* CallBudget::spent_one() const {
  for (const CallBudget* b = this; b; b = b->enclosing_)
    if (b->max_steps_ && b->spent_.load(std::memory_order_relaxed) > b->max_steps_) return b;
  return this;
}

}  // namespace mlsi
