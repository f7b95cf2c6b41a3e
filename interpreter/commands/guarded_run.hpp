#pragma once
// The one guard around a verb and around a whole command line: memory running out, or a call's bound on
// its steps reached where the work does not report it itself, becomes its message and the failed status.
// The output written so far stays; the status says it is not all.
#include <new>
#include <ostream>

#include "base/activity.hpp"
#include "commands/sink.hpp"
#include "eval/evaluator.hpp"

namespace mlsi {

template <class Work>
int guarded_run(std::ostream& err, Work&& work) {
  try {
    return work();
  } catch (const std::bad_alloc&) {
    // What ran out of memory has been freed by the unwinding: there is room for the message.
    err << "error: " << out_of_memory_message() << "\n";
    return kExitFailed;
  } catch (const CallStopped& stopped) {
    err << stopped.rendered;
    return kExitFailed;
  }
}

}  // namespace mlsi
