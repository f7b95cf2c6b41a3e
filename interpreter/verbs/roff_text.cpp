#include "verbs/roff_text.hpp"

#include <algorithm>
#include <cctype>

namespace mlsi {

namespace {

bool is_lower(char c) { return c >= 'a' && c <= 'z'; }
bool is_letter(char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; }
bool is_word_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '_'; }

// Text on a roff line: a backslash is `\e`; `-` in a flag, a code phrase or a word of a usage is `\-`.
std::string escaped(std::string_view s, bool minus) {
  std::string out;
  for (char c : s) out += c == '\\' ? std::string("\\e") : c == '-' && minus ? std::string("\\-") : std::string(1, c);
  return out;
}

// The length of the flag at `at` (`--such-that`, `-j`), or 0: a `-` that starts the text or follows a
// space or an opening mark, then `-` or a lower-case letter.
std::size_t flag_at(std::string_view s, std::size_t at) {
  if (s[at] != '-' || (at > 0 && std::string_view(" [(|,/").find(s[at - 1]) == std::string_view::npos)) return 0;
  std::size_t end = at + 1;
  if (end < s.size() && s[end] == '-') ++end;
  if (end >= s.size() || !is_lower(s[end])) return 0;
  while (end < s.size() && (is_lower(s[end]) || s[end] == '-' || std::isdigit(static_cast<unsigned char>(s[end])))) ++end;
  return end - at;
}

// The length of the word at `at`: letters, digits and `_`, with `.` or `-` between letters (`FILE.svg`,
// `from-hf`, but not `LOW..HIGH` or `VALUES...`), or 0.
std::size_t word_at(std::string_view s, std::size_t at) {
  std::size_t end = at;
  while (end < s.size()) {
    if (is_word_char(s[end])) ++end;
    else if ((s[end] == '.' || s[end] == '-') && end > at && end + 1 < s.size() && is_letter(s[end + 1])) ++end;
    else break;
  }
  return end - at;
}

}  // namespace

std::string usage_roff(std::string_view usage) {
  std::string out;
  for (std::size_t at = 0; at < usage.size();) {
    if (usage.substr(at).starts_with("run options")) {
      out += "\\fIrun options\\fR";
      at += 11;
    } else if (std::size_t n = flag_at(usage, at)) {
      out += "\\fB" + escaped(usage.substr(at, n), true) + "\\fR";
      at += n;
    } else if (std::size_t w = word_at(usage, at)) {
      out += (is_lower(usage[at]) ? "\\fB" : "\\fI") + escaped(usage.substr(at, w), true) + "\\fR";
      at += w;
    } else {
      out += escaped(usage.substr(at, 1), true);
      ++at;
    }
  }
  return out;
}

std::vector<std::string> metavariables(std::string_view usage) {
  std::vector<std::string> out;
  for (std::size_t at = 0; at < usage.size();) {
    if (std::size_t n = flag_at(usage, at)) {
      at += n;
    } else if (std::size_t w = word_at(usage, at)) {
      std::string word(usage.substr(at, w));
      if (std::isupper(static_cast<unsigned char>(word[0])) && std::find(out.begin(), out.end(), word) == out.end()) out.push_back(word);
      at += w;
    } else {
      ++at;
    }
  }
  return out;
}

std::string help_roff(std::string_view help, const std::vector<std::string>& metas) {
  std::string out;
  for (std::size_t at = 0; at < help.size();) {
    if (help[at] == '`') {
      std::size_t end = help.find('`', at + 1);
      if (end == std::string_view::npos) end = help.size();
      out += "\\fB" + escaped(help.substr(at + 1, end - at - 1), true) + "\\fR";
      at = std::min(end + 1, help.size());
    } else if (std::size_t n = flag_at(help, at)) {
      out += "\\fB" + escaped(help.substr(at, n), true) + "\\fR";
      at += n;
    } else if (std::size_t w = word_at(help, at); w > 0 && (at == 0 || !is_word_char(help[at - 1]))) {
      std::string word(help.substr(at, w));
      bool meta = std::find(metas.begin(), metas.end(), word) != metas.end();
      out += meta ? "\\fI" + escaped(word, false) + "\\fR" : escaped(word, false);
      at += w;
    } else {
      out += escaped(help.substr(at, 1), false);
      ++at;
    }
  }
  if (!out.empty() && is_lower(out[0])) out[0] = static_cast<char>(out[0] - 'a' + 'A');
  return out;
}

}  // namespace mlsi
