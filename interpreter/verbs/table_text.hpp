#pragma once
// The verb and option tables as lines of tab-separated words, for what the build generates from them
// (the shell completions: interpreter/cli/completions/generate.cmake reads `mlsi __verbs`):
//   verb    NAME  OPERAND  DESCRIPTION     one per verb, in the order of `mlsi --help`
//   option  VERB  FLAG     KIND  EXT       each flag (and alias) a verb takes, but --help
//   format  VERB  NAME                     each format a verb writes, but the aliases
//   top     FLAG                           the options of `mlsi` alone
// OPERAND and KIND are the names of Operand and ValueKind (`scenario_or_file`, `file`); DESCRIPTION is
// the summary up to its first `(`, `:` or `.`, without backquotes.
#include <string>

namespace mlsi {

std::string verb_table_text();

}  // namespace mlsi
