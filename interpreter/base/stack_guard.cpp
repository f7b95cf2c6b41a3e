#include "base/stack_guard.hpp"

#include <sys/resource.h>

#include <cstddef>
#include <cstdint>

namespace mlsi {

namespace {

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

}  // namespace

bool stack_exhausted() {
  // The frame address, not a local's: with AddressSanitizer's fake stacks a local may live on the heap.
  auto here = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  // The shallowest frame seen on this thread stands for the stack's start (the stack grows down).
  static thread_local std::uintptr_t base = 0;
  if (here > base) base = here;
  std::uintptr_t used = base - here;
  return used > stack_budget();
}

}  // namespace mlsi
