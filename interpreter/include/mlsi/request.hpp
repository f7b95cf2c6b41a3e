#pragma once
// mlsi's public API: which scenario to run and with which inputs (docs/api.md).
#include <string>
#include <vector>

namespace mlsi::api {

// One input's value, as `--set NAME=EXPRESSION` gives it: the expression is .mls text (`32`,
// `1 byte`, `Llama2_70B`, `[1, 2, 4]`), checked against the input's type.
struct InputSetting {
  std::string name;
  std::string expression;
  // Given as a number in a unit (RunRequest::set(name, number, unit)): `expression` is then its text,
  // and a Runner uses the number itself.
  bool numeric = false;
  double number = 0;
  std::string unit;
  // What messages call the text of this value, where the caller took it from (the Python module: the
  // keyword, `microbatch=`): a location in it is `ORIGIN:1:12`. Empty: `--set`, as the command line.
  std::string origin;
};

struct RunRequest {
  // A .mls file to load; empty: `scenario` is one of the session's files or a built-in scenario.
  std::string file;
  // The scenario to run: needed without `file`, and with a file that declares several.
  std::string scenario;
  // A config of the scenario whose values are applied first (`--config NAME`); empty: none.
  std::string config;
  // Input values, applied after the config in this order (a later one for the same input wins).
  std::vector<InputSetting> inputs;

  // An input as text: set("batch", "32"), set("bytes_per_value", "1 byte").
  RunRequest& set(std::string name, std::string expression);
  // An input as a quantity: a number in a unit as the language writes it (`GiB`, `byte/s`; empty for a
  // Count). The number must be finite; it is passed on exactly (shortest round-trip decimal).
  RunRequest& set(std::string name, double number, const std::string& unit);
};

}  // namespace mlsi::api
