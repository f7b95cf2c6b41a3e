#include "base/activity.hpp"

#include <exception>

namespace mlsi {

namespace {

thread_local const char* current = "starting";
// The innermost activity the exception in flight (or the last one caught) left; cleared as soon as an
// activity begins or ends normally, so that it never names an exception handled long before.
thread_local const char* unwound = nullptr;
ActivityHook hook = nullptr;

}  // namespace

Activity::Activity(const char* what) : what_(what), previous_(current), exceptions_(std::uncaught_exceptions()) {
  current = what;
  unwound = nullptr;
  if (!hook) return;
  try {
    hook(what);
  } catch (...) {
    // No destructor runs for an object whose constructor throws: end it here.
    current = previous_;
    unwound = what;
    throw;
  }
}

Activity::~Activity() {
  current = previous_;
  if (std::uncaught_exceptions() <= exceptions_) unwound = nullptr;
  else if (!unwound) unwound = what_;
}

const char* failed_activity() { return unwound ? unwound : current; }

std::string out_of_memory_message() { return std::string("out of memory while ") + failed_activity(); }

void set_activity_hook(ActivityHook h) { hook = h; }

}  // namespace mlsi
