#include "base/in_order.hpp"

#include <sched.h>

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

#include "base/call_budget.hpp"

namespace mlsi {

namespace {

// The state the threads share, under `mutex`.
struct Shared {
  std::mutex mutex;
  std::condition_variable changed;
  std::size_t next_claim = 0;    // the next chunk to produce
  std::size_t next_consume = 0;  // the next chunk to consume
  std::vector<char> ready;       // per slot: its chunk is produced
  bool stop = false;
  std::exception_ptr error;

  bool can_claim(const InOrderWork& w) const { return next_claim < w.chunks && next_claim < next_consume + w.window; }
  void fail(std::exception_ptr e) {
    if (!error) error = std::move(e);
    stop = true;
  }
};

// A thread other than the calling one: claims chunks within the window and produces them until none is left.
void produce_loop(const InOrderWork& w, Shared& s, unsigned worker, CallBudget* budget) {
  // The caller's bound on the whole call counts this thread's work too.
  CallBudget::Adopt adopt(budget);
  std::unique_lock lock(s.mutex);
  for (;;) {
    s.changed.wait(lock, [&] { return s.stop || s.next_claim >= w.chunks || s.can_claim(w); });
    if (s.stop || s.next_claim >= w.chunks) return;
    std::size_t chunk = s.next_claim++;
    lock.unlock();
    try {
      w.produce(chunk, chunk % w.window, worker);
    } catch (...) {
      lock.lock();
      s.fail(std::current_exception());
      s.changed.notify_all();
      return;
    }
    lock.lock();
    s.ready[chunk % w.window] = 1;
    s.changed.notify_all();
  }
}

}  // namespace

void run_in_order(const InOrderWork& w) {
  if (w.chunks == 0) return;
  const std::size_t window = std::max<std::size_t>(1, w.window);
  const unsigned jobs = static_cast<unsigned>(std::clamp<std::size_t>(w.jobs, 1, w.chunks));
  if (jobs == 1) {
    for (std::size_t c = 0; c < w.chunks; ++c) {
      w.produce(c, c % window, 0);
      if (!w.consume(c, c % window)) return;
    }
    return;
  }
  InOrderWork work = w;
  work.window = window;
  Shared s;
  s.ready.assign(window, 0);
  std::vector<std::thread> threads;
  {
    // Threads that cannot start (too many threads already) leave their share to the others.
    std::lock_guard lock(s.mutex);
    try {
      for (unsigned t = 1; t < jobs; ++t) threads.emplace_back(produce_loop, std::cref(work), std::ref(s), t, CallBudget::current());
    } catch (const std::system_error&) {
    }
  }
  // The calling thread consumes the next chunk when it is ready, else produces one, else waits.
  std::unique_lock lock(s.mutex);
  while (!s.stop && s.next_consume < work.chunks) {
    std::size_t slot = s.next_consume % window;
    if (s.ready[slot]) {
      lock.unlock();
      bool go = false;
      try {
        go = work.consume(s.next_consume, slot);
      } catch (...) {
        lock.lock();
        s.fail(std::current_exception());
        break;
      }
      lock.lock();
      s.ready[slot] = 0;
      ++s.next_consume;
      if (!go) s.stop = true;
      s.changed.notify_all();
    } else if (s.can_claim(work)) {
      std::size_t chunk = s.next_claim++;
      lock.unlock();
      try {
        work.produce(chunk, chunk % window, 0);
      } catch (...) {
        lock.lock();
        s.fail(std::current_exception());
        break;
      }
      lock.lock();
      s.ready[chunk % window] = 1;
    } else {
      s.changed.wait(lock);
    }
  }
  s.stop = true;
  s.changed.notify_all();
  lock.unlock();
  for (auto& t : threads) t.join();
  if (s.error) std::rethrow_exception(s.error);
}

unsigned available_cores() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) == 0) {
    int n = CPU_COUNT(&set);
    if (n > 0) return static_cast<unsigned>(n);
  }
  return std::max(1u, std::thread::hardware_concurrency());
}

}  // namespace mlsi
