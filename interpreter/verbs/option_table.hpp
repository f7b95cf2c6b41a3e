#pragma once
// Every option of every verb, once: its flag, the kind of its value, the name the Python module and the
// MCP tools give it, and how it sets the request. Which verb takes which option, and the help each verb
// gives it, are the verbs' (verb_table.hpp); the command line's parser (command_line.hpp), the help, the
// completions and the MCP tools' schemas all read these two tables.
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "mlsi/options.hpp"
#include "verbs/request.hpp"

namespace mlsi {

// What an option's value is, as the completions offer it.
enum class ValueKind {
  none,          // a switch: --explain
  text,          // a name, a condition, an expression, K/N: nothing to offer
  number,        // a whole number from 1 to the option's `max`
  file,          // a file name (ending in `file_ext` when it has one)
  format,        // one of the verb's formats
  input_values,  // INPUT=VALUES
};

struct OptionSpec {
  std::string_view flag;      // `--jobs`
  std::string_view alias;     // `-j`, or empty
  ValueKind kind = ValueKind::none;
  std::string_view file_ext;  // `json` for --workload FILE.json
  std::string_view api_name;  // the Python keyword and the MCP tools' property: `max_steps`
  std::uint64_t max = 0;      // a number's largest value
  // How the value sets the request: one of these, by kind (a format is read by the verb's formats); a
  // limit's number sets its member of VerbRequest::limits.
  void (*set_text)(VerbRequest&, const std::string&) = nullptr;
  void (*set_number)(VerbRequest&, std::uint64_t) = nullptr;
  const api::LimitInfo* limit = nullptr;
  void (*set_switch)(VerbRequest&) = nullptr;
  // The message of a verb that does not take the option; null: "unknown option `FLAG`" as soon as it is
  // read (an option that means nothing outside its verb, such as `-o`).
  std::string (*refusal)(const VerbRequest&, std::string_view flag) = nullptr;
  bool says_takes_no_value = false;  // `--explain=x`: "--explain takes no value" (else unknown option)
  std::string_view value_name;       // named when the value is missing: "-e needs an EXPR" (else "needs a value")
  bool repeatable = false;           // given again, it adds a value (`--set`): the synopses write `...` after it
};

// Every option, in no particular order; the one whose flag or alias is `typed`, or null.
const std::vector<OptionSpec>& option_specs();
const OptionSpec* find_option(std::string_view typed);
// The option the Python module and the MCP tools call `api_name` (`such_that`), or null.
const OptionSpec* find_api_option(std::string_view api_name);

}  // namespace mlsi
