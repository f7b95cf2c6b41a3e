#pragma once
// mlsi's public API: the documents the command line prints, for a front end that hands them on as they
// are (the web playground, web/): `--format json` (docs/language.md section 14) or the table, byte for
// byte what the command prints for the same request (docs/api.md).
#include <string>

#include "mlsi/diagnostics.hpp"

namespace mlsi::api {

enum class DocumentFormat { json, table };

struct Document {
  // False when the command would have failed (its exit status not 0): `text` is then empty and
  // `diagnostics` says why.
  bool ok = false;
  std::string text;  // the document, with the command's final newline
  // The problems, or what a document that was made warned about (the command's standard error).
  Diagnostics diagnostics;
};

// A source file as diagnostics name it, and its text.
struct SourceText {
  std::string name, text;
};

}  // namespace mlsi::api
