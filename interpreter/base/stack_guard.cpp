#include "base/stack_guard.hpp"

#ifdef __EMSCRIPTEN__
#include <emscripten/stack.h>
#else
#include <sys/resource.h>
#endif

#include <cstddef>
#include <cstdint>

namespace mlsi {

namespace {

#ifdef __EMSCRIPTEN__
// WebAssembly (web/): the C++ stack is a fixed region of linear memory, whose ends Emscripten knows; the
// stack grows down from its base.
std::size_t stack_budget() { return (emscripten_stack_get_base() - emscripten_stack_get_end()) / 2; }
#else
std::size_t stack_budget() {
  static const std::size_t budget = [] {
    std::size_t size = std::size_t{8} << 20;
    rlimit rl{};
    // The main thread's stack may grow to the soft limit, and new threads get that size by default.
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY) size = static_cast<std::size_t>(rl.rlim_cur);
    return size / 2;
  }();
  return budget;
}
#endif

}  // namespace

bool stack_exhausted() {
#ifdef __EMSCRIPTEN__
  // A WebAssembly frame's address is not in linear memory; the C++ (shadow) stack pointer is.
  auto here = static_cast<std::uintptr_t>(emscripten_stack_get_current());
#else
  // The frame address, not a local's: with AddressSanitizer's fake stacks a local may live on the heap.
  auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
#endif
  // The shallowest frame seen on this thread stands for the stack's start (the stack grows down).
  static thread_local std::uintptr_t base = 0;
  if (here > base) base = here;
  std::uintptr_t used = base - here;
  return used > stack_budget();
}

}  // namespace mlsi
