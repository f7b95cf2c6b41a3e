#include "lsp/uris.hpp"

#include <cctype>
#include <filesystem>

#include "source/embedded.hpp"

namespace mlsi::lsp {

namespace {

int hex(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

struct BuiltinRoot {
  const char* shown;     // the source name's prefix
  const char* uri;       // the URI path's prefix
  const char* embedded;  // the embedded file's path prefix
};
const BuiltinRoot kRoots[] = {
    {"<prelude>/", "prelude/", "stdlib/prelude/"},
    {"<catalogue>/", "catalogue/", "stdlib/catalogue/"},
    {"<builtin>/", "builtin/", ""},
};

}  // namespace

std::optional<std::string> path_of_uri(const std::string& uri) {
  if (uri.rfind("file://", 0) != 0) return std::nullopt;
  std::string rest = uri.substr(7);
  // file://host/path: only the local host (empty or localhost).
  auto slash = rest.find('/');
  if (slash == std::string::npos) return std::nullopt;
  std::string host = rest.substr(0, slash);
  if (!host.empty() && host != "localhost") return std::nullopt;
  rest = rest.substr(slash);
  std::string path;
  for (std::size_t i = 0; i < rest.size(); ++i) {
    if (rest[i] == '%' && i + 2 < rest.size() && hex(rest[i + 1]) >= 0 && hex(rest[i + 2]) >= 0) {
      path += static_cast<char>(hex(rest[i + 1]) * 16 + hex(rest[i + 2]));
      i += 2;
    } else if (rest[i] == '?' || rest[i] == '#') {
      break;
    } else {
      path += rest[i];
    }
  }
  return path;
}

std::string uri_of_path(const std::string& path) {
  std::string absolute = std::filesystem::path(path).is_absolute() ? path : std::filesystem::absolute(path).string();
  std::string out = "file://";
  const char* digits = "0123456789ABCDEF";
  for (unsigned char c : absolute) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '.' || c == '_' || c == '~') {
      out += static_cast<char>(c);
    } else {
      out += '%';
      out += digits[c >> 4];
      out += digits[c & 15];
    }
  }
  return out;
}

std::optional<std::string> builtin_uri(const std::string& source_name) {
  for (const auto& r : kRoots)
    if (source_name.rfind(r.shown, 0) == 0) return std::string(kBuiltinScheme) + ":/" + r.uri + source_name.substr(std::string_view(r.shown).size());
  return std::nullopt;
}

std::optional<std::string> builtin_source_name(const std::string& uri) {
  std::string prefix = std::string(kBuiltinScheme) + ":";
  if (uri.rfind(prefix, 0) != 0) return std::nullopt;
  std::string rest = uri.substr(prefix.size());
  while (!rest.empty() && rest.front() == '/') rest.erase(0, 1);
  for (const auto& r : kRoots)
    if (rest.rfind(r.uri, 0) == 0) return std::string(r.shown) + rest.substr(std::string_view(r.uri).size());
  return std::nullopt;
}

std::optional<std::string> builtin_text(const std::string& source_name) {
  for (const auto& r : kRoots) {
    if (source_name.rfind(r.shown, 0) != 0) continue;
    std::string path = r.embedded + source_name.substr(std::string_view(r.shown).size());
    for (const auto& f : embedded_files())
      if (f.path == path) return std::string(f.text);
  }
  return std::nullopt;
}

}  // namespace mlsi::lsp
