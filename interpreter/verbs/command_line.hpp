#pragma once
// The command line of a verb, read over the option table (option_table.hpp) and the verb's options
// (verb_table.hpp): one parser for every verb, so that an option is defined once and a verb refuses
// what it does not take in one place.
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "verbs/option_table.hpp"
#include "verbs/request.hpp"

namespace mlsi {

// Reads `args` (args[0] the verb) into `request`; returns the message of the first argument that cannot
// be read: an unknown option, a missing or malformed value, a format the verb does not write. A verb not
// in the table takes every option that has a meaning outside its own verb (the caller says the verb is
// unknown).
std::optional<std::string> read_command_line(const std::vector<std::string>& args, VerbRequest& request);

// Sets the option `spec`, typed as `typed` (`-j` or `--jobs`), to `value` (ignored for a switch) as the
// command line reads it: a format against the verb's formats, a number up to the option's cap; records
// it as given. Returns the message of a value that cannot be read. The MCP tools set their arguments so.
std::optional<std::string> set_option(VerbRequest& request, const OptionSpec& spec, std::string_view typed, const std::string& value);

// The message of the first option given that the request's verb does not take (or takes only beside
// another, as --name beside --workload), or nothing. Asked after `--help`, which any verb answers.
std::optional<std::string> refused_option(const VerbRequest& request);

}  // namespace mlsi
