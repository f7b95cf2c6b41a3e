#pragma once
// The input format of fuzz_cli: one `mlsi` command line over a few small files. A case is text:
//
//   run a.mls --inputs inputs.toml --catalog c.toml --format json
//   --- a.mls
//   import "b.mls"
//   scenario S { ... }
//   --- b.mls
//   ...
//   --- stdin
//   what `fmt -` or `repl` reads
//
// The first line is the argument vector: words separated by spaces, a word in double quotes may hold
// spaces (`\"` and `\\` inside it are a quote and a backslash); `{}` stands for a.mls, as in the first
// line of a golden case. Each `--- NAME` line starts a file, NAME being `x.ext` or `dir/x.ext` (letters,
// digits, `_`, `-`, `.`); `--- stdin` is standard input instead. A file's text is every byte up to the
// newline before the next `--- ` line.
//
// The case is then made safe to run: every argument that names a file (the FILE of run, check, sweep,
// plot, doc, test, fmt, check-catalogue and catalogue from-hf, and --inputs, --catalog, --workload,
// --plot, -o) becomes a path inside
// the case's folder, as do the paths that `:load` lines of standard input name. A case that would
// reach outside that folder (an absolute path, `~`, a `..` component, in an argument, a `:load` or a
// double-quoted string of a file, such as an import's) is refused, except the devices of kAllowedDevices, which are the
// same on every machine. The limits on work are capped (kLimitCaps) so that every case is fast.
#include <algorithm>
#include <cctype>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace mlsi::fuzz {

struct CliFile {
  std::string name;  // relative to the case's folder: `a.mls`, `sub/b.mls`
  std::string text;
};

struct CliCase {
  std::vector<std::string> args;
  std::vector<CliFile> files;
  std::optional<std::string> stdin_text;
};

inline constexpr std::size_t kMaxFiles = 128;  // enough for the 100 imports of issue #16
inline constexpr std::size_t kMaxArgs = 64;
// Sweeps evaluate the product of their --vary lists (each at most --max-list values): three lists of
// at most 16 values are 4,096 points, each of at most 10,000 steps.
inline constexpr std::size_t kMaxVaries = 3;

inline const std::vector<std::string_view> kAllowedDevices = {"/dev/null", "/dev/zero", "/dev/full"};

struct LimitCap {
  std::string_view option;
  std::uint64_t cap;
};
// Evaluation steps per run, entries per list (and values per --vary), bytes per file.
inline const std::vector<LimitCap> kLimitCaps = {
    {"--max-steps", 10'000}, {"--max-list", 16}, {"--max-file-size", 1u << 20}};

namespace detail {

inline std::vector<std::string> split_words(std::string_view line) {
  std::vector<std::string> words;
  std::string word;
  bool quoted = false, any = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (quoted && c == '\\' && i + 1 < line.size() && (line[i + 1] == '"' || line[i + 1] == '\\')) {
      word += line[++i];
      continue;
    }
    if (c == '"') {
      quoted = !quoted;
      any = true;
    } else if (c == ' ' && !quoted) {
      if (any) words.push_back(word == "{}" ? "a.mls" : word);
      word.clear();
      any = false;
    } else {
      word += c;
      any = true;
    }
  }
  if (any) words.push_back(word == "{}" ? "a.mls" : word);
  return words;
}

inline bool name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_' || c == '-' || c == '.';
}

// `x.ext` or `dir/x.ext`, no component empty or made of dots only.
inline bool valid_file_name(std::string_view name) {
  if (name.empty() || name.size() > 64 || name == "stdin") return false;
  std::size_t parts = 0;
  std::size_t start = 0;
  while (start <= name.size()) {
    std::size_t end = std::min(name.find('/', start), name.size());
    std::string_view part = name.substr(start, end - start);
    if (part.empty() || part.find_first_not_of('.') == std::string_view::npos) return false;
    if (!std::all_of(part.begin(), part.end(), name_char)) return false;
    ++parts;
    start = end + 1;
  }
  return parts <= 2;
}

// Whether a path leaves the case's folder: absolute (except an allowed device), from the home folder,
// or with a `..` component.
inline bool escapes(std::string_view path) {
  if (std::find(kAllowedDevices.begin(), kAllowedDevices.end(), path) != kAllowedDevices.end()) return false;
  if (!path.empty() && (path.front() == '/' || path.front() == '~')) return true;
  std::size_t start = 0;
  while (start <= path.size()) {
    std::size_t end = std::min(path.find('/', start), path.size());
    if (path.substr(start, end - start) == "..") return true;
    start = end + 1;
  }
  return false;
}

// Whether a file's text holds a string (in double quotes, as imports name files) that names a path
// outside the folder. Escapes are decoded first: `"\/etc"` is the string `/etc`.
inline bool text_escapes(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] != '"') continue;
    std::string s;
    for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i) {
      if (text[i] == '\\' && i + 1 < text.size()) ++i;
      s += text[i];
    }
    if (escapes(s)) return true;
  }
  return false;
}

}  // namespace detail

// Splits the text into the command line and its files; nullopt when it is not a case (too many files
// or words, a bad file name, a file given twice).
inline std::optional<CliCase> parse_cli_case(std::string_view text) {
  CliCase c;
  std::size_t eol = std::min(text.find('\n'), text.size());
  c.args = detail::split_words(text.substr(0, eol));
  if (c.args.size() > kMaxArgs) return std::nullopt;
  std::size_t pos = eol;
  while (pos < text.size()) {
    // Here text[pos] is the newline before a `--- NAME` line (or before the first one).
    std::size_t header = pos + 1;
    if (text.substr(header, 4) != "--- ") {
      std::size_t next = text.find("\n--- ", header);
      if (next == std::string_view::npos) break;  // text after the command line that is no file: ignored
      pos = next;
      continue;
    }
    std::size_t header_end = std::min(text.find('\n', header), text.size());
    std::string name(text.substr(header + 4, header_end - header - 4));
    std::size_t body = std::min(header_end + 1, text.size());
    std::size_t next = text.find("\n--- ", header_end);
    std::size_t body_end = next == std::string_view::npos ? text.size() : next;
    std::string body_text(text.substr(body, body_end > body ? body_end - body : 0));
    if (name == "stdin") {
      if (c.stdin_text) return std::nullopt;
      c.stdin_text = std::move(body_text);
    } else {
      if (!detail::valid_file_name(name) || c.files.size() >= kMaxFiles) return std::nullopt;
      for (const auto& f : c.files)
        if (f.name == name) return std::nullopt;
      c.files.push_back(CliFile{std::move(name), std::move(body_text)});
    }
    pos = body_end;
  }
  return c;
}

// Makes the case safe to run in `folder` (an absolute path without a final `/`): rewrites the paths
// it names and caps its limits. False when it must not run.
// `word_exists` says whether a word names something in the working folder (std::filesystem::exists).
template <class WordExists>
bool confine_cli_case(CliCase& c, const std::string& folder, WordExists word_exists) {
  if (c.args.empty()) return true;
  for (const auto& f : c.files)
    if (detail::text_escapes(f.text)) return false;
  if (c.stdin_text && detail::text_escapes(*c.stdin_text)) return false;
  auto inside = [&](std::string& path) {
    if (detail::escapes(path)) return false;
    if (!path.empty() && path.front() != '/') path = folder + "/" + path;
    return true;
  };
  auto is_file = [&](std::string_view word) {
    return word.find('.') != std::string_view::npos || word.find('/') != std::string_view::npos ||
           std::any_of(c.files.begin(), c.files.end(), [&](const CliFile& f) { return f.name == word; });
  };
  const std::string command = c.args[0];
  // The commands whose every other word names a file, and those whose word may name a scenario.
  bool paths_only = command == "check" || command == "test" || command == "fmt" || command == "check-catalogue";
  bool file_or_name = command == "run" || command == "sweep" || command == "plot" || command == "doc" || command == "catalogue";
  static const std::vector<std::string_view> with_values = {
      "--scenario", "--config", "--set", "--inputs", "--format", "--catalog", "--max-depth", "--max-list",
      "--max-steps", "--max-import-depth", "--max-files", "--max-file-size", "--max-nesting", "--sort",
      "--where", "--vary", "--shard", "--plot", "--x", "--y", "--series", "-o", "--output", "--jobs", "-j", "--workload", "--name"};
  static const std::vector<std::string_view> file_options = {"--inputs", "--catalog", "--plot", "-o", "--output", "--workload"};
  auto has = [](const std::vector<std::string_view>& list, std::string_view w) {
    return std::find(list.begin(), list.end(), w) != list.end();
  };
  // A word's value: the capped number of a limit, a confined path of a file option.
  auto fix_value = [&](std::string_view option, std::string& value) {
    for (const auto& cap : kLimitCaps) {
      if (option != cap.option) continue;
      bool digits = !value.empty() && value.size() <= 18 && value.find_first_not_of("0123456789") == std::string::npos;
      if (digits && std::stoull(value) > cap.cap) value = std::to_string(cap.cap);
    }
    return !has(file_options, option) || value.empty() || inside(value);
  };
  std::size_t varies = 0;
  for (std::size_t i = 1; i < c.args.size(); ++i) {
    std::string& a = c.args[i];
    if (a.rfind("--vary", 0) == 0 && ++varies > kMaxVaries) return false;
    if (a.rfind("--", 0) == 0 && a.find('=') != std::string::npos && a.rfind("--set", 0) != 0) {
      std::string option = a.substr(0, a.find('='));
      std::string value = a.substr(a.find('=') + 1);
      if (!fix_value(option, value)) return false;
      a = option + "=" + value;
    } else if (has(with_values, a)) {
      if (i + 1 < c.args.size() && !fix_value(a, c.args[i + 1])) return false;
      ++i;
    } else if (a == "-" && command == "fmt") {
      // standard input
    } else if (a.empty() || a[0] != '-' || a == "-" || std::isdigit(static_cast<unsigned char>(a[1]))) {
      // A positional word (mlsi takes `-1` for one, as a number).
      if (paths_only || (file_or_name && is_file(a))) {
        if (!inside(a)) return false;
      } else if (file_or_name && word_exists(a)) {
        return false;  // a word taken as a file of the working folder, which differs from machine to machine
      }
    }
  }
  // The defaults of the caps, before the case's own options (the last value of an option counts).
  std::vector<std::string> args{command};
  for (const auto& cap : kLimitCaps) {
    args.emplace_back(cap.option);
    args.push_back(std::to_string(cap.cap));
  }
  args.insert(args.end(), c.args.begin() + 1, c.args.end());
  c.args = std::move(args);
  // `:load FILE` at the REPL names a file like an argument.
  if (c.stdin_text) {
    std::string out;
    std::string_view in = *c.stdin_text;
    std::size_t start = 0;
    while (start < in.size()) {
      std::size_t end = std::min(in.find('\n', start), in.size());
      std::string line(in.substr(start, end - start));
      std::size_t first = line.find_first_not_of(" \t");
      if (first != std::string::npos && line.compare(first, 5, ":load") == 0) {
        std::string path = line.substr(first + 5);
        path.erase(0, std::min(path.find_first_not_of(" \t\""), path.size()));
        while (!path.empty() && (path.back() == ' ' || path.back() == '\t' || path.back() == '"' || path.back() == '\r')) path.pop_back();
        if (!path.empty()) {
          if (!inside(path)) return false;
          line = ":load " + path;
        }
      }
      out += line;
      if (end < in.size()) out += '\n';
      start = end + 1;
    }
    c.stdin_text = std::move(out);
  }
  return true;
}

}  // namespace mlsi::fuzz
