#pragma once
// A time bound on reading and checking a text, for a caller that must answer promptly: the language
// server checks a document on every edit, and a file near --max-file-size takes seconds to parse and
// check. The parser and the checker ask check_deadline_passed() where they already guard the stack (once
// per nested rule and expression); past the bound they stop with a diagnostic that says so. Without a
// CheckDeadline in force (every command), nothing is bounded by time.
#include <chrono>
#include <cstdint>

namespace mlsi {

// In force on the calling thread while it lives; 0 milliseconds: no bound. Scopes nest (the inner one is
// in force until it ends).
class CheckDeadline {
 public:
  explicit CheckDeadline(std::uint64_t milliseconds);
  ~CheckDeadline();
  CheckDeadline(const CheckDeadline&) = delete;
  CheckDeadline& operator=(const CheckDeadline&) = delete;

 private:
  struct State {
    std::chrono::steady_clock::time_point at{};
    std::uint64_t milliseconds = 0;
    std::uint32_t calls = 0;
    bool passed = false;  // once passed, it stays passed without reading the clock
  };
  State saved_;
  friend bool check_deadline_passed();
  friend bool check_deadline_stopped();
  friend std::uint64_t check_deadline_milliseconds();
  static State& current();
};

// True once the bound in force has passed (the clock is read every 1,024 calls, so a call costs a counter).
bool check_deadline_passed();
// Whether check_deadline_passed() has said true in the scope in force (the clock is not read).
bool check_deadline_stopped();
// The bound in force, in milliseconds, for messages (0: none).
std::uint64_t check_deadline_milliseconds();

}  // namespace mlsi
