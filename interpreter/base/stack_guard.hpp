#pragma once
// A check that the C++ stack has room for more recursion. The checker and the evaluator recurse once
// per nested expression, definition and call; a program within every other limit (a chain of 10,000
// lets each using the next, or --max-depth raised with deep function bodies) could still overflow the
// stack and crash. They call stack_exhausted() and stop with an error instead.
namespace mlsi {

// True when the calling thread has used more than half of its stack (RLIMIT_STACK, 8 MiB when
// unlimited), counted from the shallowest call on that thread. The other half is left for the frames between
// two checks and for reporting the error.
bool stack_exhausted();

}  // namespace mlsi
