#pragma once
// docs/language.md's regions written from the verb and option tables, between
//   <!-- options: synopsis -->   ...   <!-- end options -->     every verb's synopsis, the run options
//                                                              and the options of every command
//   <!-- options: VERB -->       ...   <!-- end options -->     VERB's own options with their help
// so that a new option is in the language's reference without being written there; the text outside
// the regions is kept byte for byte.
#include <string_view>

#include "verbs/generated_page.hpp"

namespace mlsi {

// `page` with every region filled, or the message of a region that is not closed or names no verb.
GeneratedPage fill_option_regions(std::string_view page);

}  // namespace mlsi
