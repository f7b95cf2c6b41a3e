#include "base/check_deadline.hpp"

namespace mlsi {

CheckDeadline::State& CheckDeadline::current() {
  static thread_local State state;
  return state;
}

CheckDeadline::CheckDeadline(std::uint64_t milliseconds) : saved_(current()) {
  State& s = current();
  s.milliseconds = milliseconds;
  s.calls = 0;
  s.passed = false;
  if (milliseconds) s.at = std::chrono::steady_clock::now() + std::chrono::milliseconds(milliseconds);
}

CheckDeadline::~CheckDeadline() { current() = saved_; }

bool check_deadline_passed() {
  CheckDeadline::State& s = CheckDeadline::current();
  if (!s.milliseconds) return false;
  if (s.passed) return true;
  if (++s.calls % 1024 != 0) return false;
  s.passed = std::chrono::steady_clock::now() >= s.at;
  return s.passed;
}

bool check_deadline_stopped() { return CheckDeadline::current().passed; }

std::uint64_t check_deadline_milliseconds() { return CheckDeadline::current().milliseconds; }

}  // namespace mlsi
