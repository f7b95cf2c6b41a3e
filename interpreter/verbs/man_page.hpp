#pragma once
// The manual page (docs/mlsi.1) written from the verb and option tables into a hand-written template
// (docs/mlsi.1.in): its synopsis of every verb and its sections of options are the tables' (the help
// `mlsi COMMAND --help` gives each option), so that a new option is in the page without being written
// there. The template's markers:
//   @VERSION@                     mlsi's version
//   .\" @synopsis                 (a line) the synopsis of every verb, in the order of `mlsi --help`
//   .\" @options                  (a line) the run options, the options of each verb, the common ones
//   .\" @more SECTION FLAG        (a line) roff lines, up to `.\" @end`, written after the help of FLAG
//                                 in SECTION's options (a verb, or `run` and `common` for those options)
#include <string_view>

#include "verbs/generated_page.hpp"

namespace mlsi {

// The page, or the message of a template that does not fit the tables (a marker missing, a `@more` of
// an option the section does not list).
GeneratedPage man_page(std::string_view template_text, std::string_view version);

}  // namespace mlsi
