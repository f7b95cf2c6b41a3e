#pragma once
// A page written from the verb and option tables into a hand-written template (the manual page,
// docs/language.md's synopsis), or why the template does not fit them.
#include <string>

namespace mlsi {

struct GeneratedPage {
  std::string text;
  std::string error;  // empty: `text` is the page
};

}  // namespace mlsi
