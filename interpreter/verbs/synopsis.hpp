#pragma once
// Each verb's synopsis, written from the tables for the manual page and docs/language.md: its usage as
// `mlsi COMMAND --help` gives it, with `[options]` (of `mlsi run`) written out as the run options it takes
// and every option the verb lists that its usage does not name added at the end, so that a new option
// appears in every synopsis without being written there.
#include <string>
#include <vector>

#include "verbs/verb_table.hpp"

namespace mlsi {

// `run FILE|NAME [--scenario NAME] ... [--explain]`: after `mlsi `, words separated by single spaces.
std::string verb_synopsis(const Verb& verb);

// An option as a synopsis writes it: `--set NAME=EXPR`, `-j N` (of `-j N, --jobs N`), `--format` with
// the verb's formats; `nested`, the options it needs (`[--name KEY]` in `--workload`), inside its brackets.
std::string option_in_brackets(const Verb& verb, const VerbOption& option, const std::string& nested = {});

// The words of a synopsis at bracket depth 0: `[--workload FILE.json [--name KEY]]` is one.
std::vector<std::string> synopsis_groups(const std::string& synopsis);

// The verbs that take the option `flag` among `among` (all verbs when empty), by name.
std::vector<std::string> verbs_taking(std::string_view flag, const std::vector<std::string>& among = {});

}  // namespace mlsi
