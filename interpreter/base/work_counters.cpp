#include "base/work_counters.hpp"

namespace mlsi {

WorkCounters& work_counters() {
  // Per thread: sessions on several threads (docs/api.md) each count their own work.
  thread_local WorkCounters counters;
  return counters;
}

}  // namespace mlsi
