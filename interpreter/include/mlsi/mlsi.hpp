#pragma once
// mlsi's public C++ API, all of it (docs/api.md): #include <mlsi/mlsi.hpp> and link mlsi::lang.
#include <string>

#include "mlsi/diagnostics.hpp"
#include "mlsi/document.hpp"
#include "mlsi/explanation.hpp"
#include "mlsi/expression.hpp"
#include "mlsi/options.hpp"
#include "mlsi/request.hpp"
#include "mlsi/run.hpp"
#include "mlsi/runner.hpp"
#include "mlsi/session.hpp"
#include "mlsi/solve.hpp"
#include "mlsi/sweep.hpp"
#include "mlsi/value.hpp"

namespace mlsi::api {

// The library's version, as `mlsi --version` prints it (`0.1.0`).
std::string version();

}  // namespace mlsi::api
