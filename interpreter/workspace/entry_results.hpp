#pragma once
// The results of an entry that did not succeed, shared by the entries and the loads of a Workspace.
#include <string>
#include <utility>

#include "workspace/workspace.hpp"

namespace mlsi {

// An entry whose text (or a file it loads) has errors: they are in the session's diagnostics.
inline EntryResult source_error(std::string message = {}) {
  EntryResult r;
  r.status = EntryStatus::source_error;
  r.message = std::move(message);
  return r;
}

// An entry that checked but failed when evaluated.
inline EntryResult failed(Diagnostic d) {
  EntryResult r;
  r.status = EntryStatus::failed;
  r.failure = std::move(d);
  return r;
}

}  // namespace mlsi
