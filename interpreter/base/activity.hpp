#pragma once
// What the interpreter is doing (reading, checking, evaluating, sweeping, ...), so that when memory runs
// out (std::bad_alloc, under the `ulimit -v` that docs/security.md recommends) the front end can say
// where, as in "out of memory while evaluating", and exit with an error instead of aborting.
#include <string>

namespace mlsi {

// Names the current activity for its lifetime. Activities nest; the innermost is the current one.
class Activity {
 public:
  explicit Activity(const char* what);  // a string literal: "checking"
  ~Activity();
  Activity(const Activity&) = delete;
  Activity& operator=(const Activity&) = delete;

 private:
  const char* what_;
  const char* previous_;
  int exceptions_;  // std::uncaught_exceptions() when it began: more at its end means it is unwound
};

// The activity an exception just unwound (the innermost one it left), else the current one; "starting"
// outside any. Read where std::bad_alloc is caught, after the activities it left have ended.
const char* failed_activity();

// "out of memory while checking": the message for std::bad_alloc caught now.
std::string out_of_memory_message();

// For tests: called with its name as each activity starts (nullptr: none). A hook that throws
// std::bad_alloc stands for memory running out there, in builds where no real memory limit can be set
// (AddressSanitizer reserves terabytes of address space, so RLIMIT_AS cannot apply).
using ActivityHook = void (*)(const char* what);
void set_activity_hook(ActivityHook hook);

}  // namespace mlsi
