#pragma once
// Document URIs: `file:` URIs of files on disk, and `mlsi-builtin:` URIs of the built-in prelude,
// catalogue and scenarios, which the server serves as read-only documents (workspace/textDocumentContent).
#include <optional>
#include <string>

namespace mlsi::lsp {

inline constexpr const char* kBuiltinScheme = "mlsi-builtin";

// The path of a `file:` URI (percent-decoded), or nothing for another scheme.
std::optional<std::string> path_of_uri(const std::string& uri);
// The `file:` URI of an absolute path, percent-encoding what RFC 3986 does not allow in a path.
std::string uri_of_path(const std::string& path);
// `<prelude>/units.mls` <-> `mlsi-builtin:/prelude/units.mls` (also `<catalogue>/...`, `<builtin>/...`).
std::optional<std::string> builtin_uri(const std::string& source_name);
std::optional<std::string> builtin_source_name(const std::string& uri);
// The text of a built-in source name, from the files embedded in mlsi.
std::optional<std::string> builtin_text(const std::string& source_name);

}  // namespace mlsi::lsp
