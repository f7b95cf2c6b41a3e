#pragma once
// The session a verb's request asks for: its catalogue files and texts, its limits on files.
#include <string>
#include <utility>
#include <vector>

#include "session/session.hpp"
#include "verbs/request.hpp"

namespace mlsi {

// Catalogue files named by MLSI_PATH (folders separated by `:`), then the request's catalogue files.
std::vector<std::string> catalogue_files(const VerbRequest& r);
// The request's catalogue texts, each with its name for messages: `<catalog_text>`, then
// `<catalog_text#2>`, ... (the MCP tools put a call's text first, so that `<catalog_text>` is the call's).
std::vector<std::pair<std::string, std::string>> named_catalogue_texts(const VerbRequest& r);
// The options of a session that loads .mls files: the catalogue files and texts and the limits on files.
ProgramSessionOptions session_options(const VerbRequest& r);

}  // namespace mlsi
