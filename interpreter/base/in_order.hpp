#pragma once
// Work split into numbered chunks, produced on several threads and consumed on the calling thread in
// chunk order: the reorder buffer of a parallel sweep. At most `window` chunks are produced and not yet
// consumed at any time, so memory stays flat however many chunks there are; each of them sits in one
// of `window` slots (chunk % window) that the caller owns and reuses.
#include <cstddef>
#include <functional>

namespace mlsi {

struct InOrderWork {
  std::size_t chunks = 0;  // chunks 0 .. chunks-1
  unsigned jobs = 1;       // threads that produce, the calling thread included
  std::size_t window = 1;  // slots, at least 1; `jobs * 2` keeps every thread busy
  // Fills slot `slot` with chunk `chunk`, on thread `worker` (0 .. jobs-1; 0 is the calling thread).
  // Calls with different workers run at once and touch different slots.
  std::function<void(std::size_t chunk, std::size_t slot, unsigned worker)> produce;
  // Takes slot `slot`, holding chunk `chunk`, on the calling thread, chunks in order 0, 1, 2, ...
  // Returns false to stop: no chunk is consumed after it, and the threads end once their chunk is done.
  std::function<bool(std::size_t chunk, std::size_t slot)> consume;
};

// Runs `work` and returns once every chunk is consumed or consume said stop. With one job no thread is
// started: each chunk is produced and consumed in turn. An exception thrown by produce or consume stops
// the work; once every thread has ended, the first one is rethrown on the calling thread.
void run_in_order(const InOrderWork& work);

// The cores this process may run on (sched_getaffinity, which a container's or taskset's CPU set
// limits), at least 1.
unsigned available_cores();

}  // namespace mlsi
