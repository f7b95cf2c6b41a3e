#pragma once
// Command-line options shared by the commands of `mlsi`.
#include <cstdint>
#include <optional>
#include <string_view>
#include <string>
#include <vector>

#include "cli/cli.hpp"
#include "session/session.hpp"
#include "verbs/request.hpp"

namespace mlsi {

// A command line's request: what its options and operands ask (verbs/request.hpp).
using Options = VerbRequest;

// Prints a usage error and returns the usage exit status.
int usage(CliStreams& io, const std::string& message);
// Reads the arguments over the verb table (verbs/command_line.hpp); returns the usage status when they
// are not usable.
std::optional<int> parse_options(const std::vector<std::string>& args, Options& o, CliStreams& io);
// Catalogue files named by MLSI_PATH (folders separated by `:`), then --catalog files.
std::vector<std::string> catalogue_files(const Options& o);
// The --catalog-text texts, each with its name for messages: `<catalog_text>`, then `<catalog_text#2>`, ...
std::vector<std::pair<std::string, std::string>> catalogue_texts(const Options& o);
// The options of a session that loads .mls files: the catalogue files and the limits on files.
SessionOptions session_options(const Options& o);

}  // namespace mlsi
