// Session of the public API: the options, checked once when it opens; every operation then works in a
// fresh internal session of its own (api/prepare.cpp), which is what makes a Session shareable.
#include "mlsi/session.hpp"

#include "api/detail.hpp"
#include "mlsi/mlsi.hpp"

namespace mlsi::api {

std::string version() { return MLSI_VERSION; }

Session::Session(SessionOptions options) : options_(std::move(options)) {
  auto session = detail::open_session(options_);
  session->check();
  diagnostics_ = detail::take_diagnostics(session);
}

std::vector<std::string> Session::scenarios() const {
  auto session = detail::open_session(options_);
  session->load_builtin_scenarios();
  session->check();
  std::vector<std::string> names;
  for (const auto& s : session->program().scenarios) names.push_back(s.name);
  return names;
}

Run Session::prepare(const RunRequest& request) const { return Run(detail::prepare(options_, request)); }

RunResult Session::run(const RunRequest& request) const { return prepare(request).evaluate(); }

Explanation Session::explain(const RunRequest& request) const { return prepare(request).explain(); }

}  // namespace mlsi::api
