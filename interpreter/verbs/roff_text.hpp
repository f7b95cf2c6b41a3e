#pragma once
// The tables' text as roff for the manual page (man_page.hpp): a usage or an option as a synopsis writes
// it (`--set NAME=EXPR`: flags and literal words bold, metavariables italic), and a help line (`code`
// and flags bold, the option's metavariables italic).
#include <string>
#include <string_view>
#include <vector>

namespace mlsi {

// `--for INPUT=LOW..HIGH` as `\fB\-\-for\fR \fIINPUT\fR=\fILOW\fR..\fIHIGH\fR`.
std::string usage_roff(std::string_view usage);
// The metavariables of a usage or an option: `INPUT`, `LOW`, `HIGH`, `FILE.svg`.
std::vector<std::string> metavariables(std::string_view usage);
// A help line as a sentence: its first letter capital, `code` and flags bold, `metas` italic.
std::string help_roff(std::string_view help, const std::vector<std::string>& metas);

}  // namespace mlsi
