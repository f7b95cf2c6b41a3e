#include "base/work_counters.hpp"

namespace mlsi {

WorkCounters& work_counters() {
  static WorkCounters counters;
  return counters;
}

}  // namespace mlsi
