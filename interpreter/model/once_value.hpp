#pragma once
// A value computed at most once and then read by any thread: the value of a `let`, which evaluators of
// one checked program running on several threads may each be the first to need.
#include <atomic>
#include <mutex>

#include "model/values.hpp"

namespace mlsi {

class OnceValue {
 public:
  OnceValue() = default;
  // Moved only while the program is being declared, before any evaluator reads it.
  OnceValue(OnceValue&& other) noexcept : value_(std::move(other.value_)), ready_(other.ready_.load()) {}
  OnceValue& operator=(OnceValue&& other) noexcept {
    value_ = std::move(other.value_);
    ready_.store(other.ready_.load());
    return *this;
  }

  // The value; `compute` gives it the first time. A `compute` that throws leaves it unset, so that the
  // next read tries again (and fails the same way), as an uncached read would.
  template <class Compute>
  Value get(Compute&& compute) const {
    if (ready_.load(std::memory_order_acquire)) return value_;
    // Recursive: computing one value reads others (each its own lock, in the order the lets depend on
    // one another, so two threads never wait on each other); only a cycle, which the checker rejects,
    // could come back to this one.
    std::lock_guard lock(mutex_);
    if (!ready_.load(std::memory_order_relaxed)) {
      Value v = compute();
      value_ = std::move(v);
      ready_.store(true, std::memory_order_release);
    }
    return value_;
  }

 private:
  mutable std::recursive_mutex mutex_;
  mutable Value value_;
  mutable std::atomic<bool> ready_{false};
};

}  // namespace mlsi
