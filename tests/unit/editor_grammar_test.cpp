// The editor files of editors/: valid JSON, and a TextMate grammar that knows every keyword of the
// language's grammar (grammar/grammar.hpp), so a new keyword cannot be forgotten there.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <utility>

namespace {

// The file at `path` in the source tree; one that cannot be opened fails the test.
std::string read_or_fail(const std::string& path) {
  std::ifstream f(std::string(MLSI_SOURCE_DIR) + "/" + path, std::ios::binary);
  EXPECT_TRUE(f) << "cannot read " << path;
  std::stringstream s;
  s << f.rdbuf();
  return s.str();
}

// A strict JSON reader that only checks the syntax (RFC 8259) and collects every string value, so
// the test needs no JSON library.
class JsonChecker {
 public:
  explicit JsonChecker(std::string text) : s_(std::move(text)) {}
  // Empty when the text is one valid JSON value; else what is wrong and where.
  std::string check() {
    try {
      value(0);
      space();
      if (i_ != s_.size()) fail("text after the value");
    } catch (const std::string& e) {
      return e;
    }
    return "";
  }
  std::set<std::string> strings;

 private:
  [[noreturn]] void fail(const std::string& what) { throw what + " at offset " + std::to_string(i_); }
  void space() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\t' || s_[i_] == '\n' || s_[i_] == '\r')) ++i_;
  }
  void expect(char c) {
    space();
    if (i_ >= s_.size() || s_[i_] != c) fail(std::string("expected `") + c + "`");
    ++i_;
  }
  std::string string() {
    expect('"');
    std::string out;
    while (true) {
      if (i_ >= s_.size()) fail("unterminated string");
      char c = s_[i_++];
      if (c == '"') return out;
      if (static_cast<unsigned char>(c) < 0x20) fail("control character in a string");
      if (c != '\\') {
        out += c;
        continue;
      }
      if (i_ >= s_.size()) fail("unterminated escape");
      char e = s_[i_++];
      static const std::string simple = "\"\\/bfnrt", meaning = "\"\\/\b\f\n\r\t";
      if (auto k = simple.find(e); k != std::string::npos) out += meaning[k];
      else if (e == 'u') {
        for (int d = 0; d < 4; ++d)
          if (i_ >= s_.size() || !std::isxdigit(static_cast<unsigned char>(s_[i_++]))) fail("bad \\u escape");
        out += '?';
      } else fail("bad escape");
    }
  }
  void number() {
    std::size_t start = i_;
    if (s_[i_] == '-') ++i_;
    auto digits = [&] {
      std::size_t d = i_;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
      if (i_ == d) fail("expected digits");
    };
    if (i_ < s_.size() && s_[i_] == '0') ++i_;
    else digits();
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      digits();
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      digits();
    }
    if (i_ == start) fail("expected a number");
  }
  void value(int depth) {
    if (depth > 100) fail("nested too deeply");
    space();
    if (i_ >= s_.size()) fail("expected a value");
    char c = s_[i_];
    if (c == '{') {
      ++i_;
      space();
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return;
      }
      std::set<std::string> keys;
      do {
        std::string key = string();
        if (!keys.insert(key).second) fail("duplicate key `" + key + "`");
        expect(':');
        value(depth + 1);
        space();
      } while (i_ < s_.size() && s_[i_] == ',' && ++i_);
      expect('}');
    } else if (c == '[') {
      ++i_;
      space();
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return;
      }
      do {
        value(depth + 1);
        space();
      } while (i_ < s_.size() && s_[i_] == ',' && ++i_);
      expect(']');
    } else if (c == '"') {
      strings.insert(string());
    } else if (s_.compare(i_, 4, "true") == 0 || s_.compare(i_, 4, "null") == 0) {
      i_ += 4;
    } else if (s_.compare(i_, 5, "false") == 0) {
      i_ += 5;
    } else {
      number();
    }
  }

  std::string s_;  // owned: a checker may outlive the expression that read the file
  std::size_t i_ = 0;
};

// The keywords of the language: every MLSI_KEYWORD(name, "text") of grammar/grammar.hpp. (No std::regex:
// GCC 12's <regex> trips -Wmaybe-uninitialized under the sanitizers.)
std::vector<std::string> language_keywords() {
  std::string grammar = read_or_fail("grammar/grammar.hpp");
  std::vector<std::string> out;
  const std::string macro = "MLSI_KEYWORD(";
  for (auto at = grammar.find(macro); at != std::string::npos; at = grammar.find(macro, at + 1)) {
    auto open = grammar.find('"', at);
    auto close = open == std::string::npos ? open : grammar.find('"', open + 1);
    auto line_end = grammar.find('\n', at);
    if (close == std::string::npos || close > line_end) continue;  // the macro's own #define
    out.push_back(grammar.substr(open + 1, close - open - 1));
  }
  return out;
}

// Whether `pattern` holds a group `\b(a|b|...)\b` of plain words of which `word` is one.
bool has_word_alternative(const std::string& pattern, const std::string& word) {
  for (auto at = pattern.find("\\b("); at != std::string::npos; at = pattern.find("\\b(", at + 1)) {
    auto begin = at + 3;
    auto end = pattern.find(')', begin);
    if (end == std::string::npos || pattern.compare(end + 1, 2, "\\b") != 0) continue;
    std::string group = pattern.substr(begin, end - begin);
    bool plain = std::all_of(group.begin(), group.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '|'; });
    if (plain && ("|" + group + "|").find("|" + word + "|") != std::string::npos) return true;
  }
  return false;
}

TEST(EditorGrammar, WordAlternativesAreWholeWords) {
  EXPECT_TRUE(has_word_alternative(R"(\b(foo|bar)\b)", "bar"));
  EXPECT_TRUE(has_word_alternative(R"(x|\b(in)\b)", "in"));
  EXPECT_FALSE(has_word_alternative(R"(\b(foo|bar)\b)", "fo"));
  EXPECT_FALSE(has_word_alternative(R"(\b(foo|bar))", "foo"));
  EXPECT_FALSE(has_word_alternative(R"(\b(fo.|bar)\b)", "bar"));
}

TEST(EditorGrammar, JsonCheckerRejectsBrokenJson) {
  EXPECT_EQ(JsonChecker(R"({"a": [1, 2.5e3, true, null, "x\n"]})").check(), "");
  EXPECT_NE(JsonChecker(R"({"a": [1, 2,]})").check(), "");
  EXPECT_NE(JsonChecker(R"({"a": 1 "b": 2})").check(), "");
  EXPECT_NE(JsonChecker(R"({"a": "\q"})").check(), "");
  EXPECT_NE(JsonChecker(R"({"a": 1, "a": 2})").check(), "");
  EXPECT_NE(JsonChecker(R"({"a": 01})").check(), "");
  EXPECT_NE(JsonChecker("{} {}").check(), "");
}

TEST(EditorGrammar, FilesAreValidJson) {
  for (const char* path : {"editors/mls.tmLanguage.json", "editors/vscode/package.json", "editors/vscode/language-configuration.json",
                           "editors/vscode/syntaxes/mls.tmLanguage.json"}) {
    std::string text = read_or_fail(path);
    EXPECT_EQ(JsonChecker(text).check(), "") << path;
  }
}

TEST(EditorGrammar, ScopeNameMatchesTheVsCodeExtension) {
  std::string grammar = read_or_fail("editors/mls.tmLanguage.json");
  std::string package = read_or_fail("editors/vscode/package.json");
  EXPECT_NE(grammar.find(R"("scopeName": "source.mls")"), std::string::npos);
  EXPECT_NE(package.find(R"("scopeName": "source.mls")"), std::string::npos);
  EXPECT_NE(package.find(R"("extensions": [".mls"])"), std::string::npos);
}

// grammar.hpp `digit_groups`: `1_000`, `2_048.5`, with `_` only between two digits, highlighted as one number.
TEST(EditorGrammar, NumbersTakeDigitSeparators) {
  JsonChecker json(read_or_fail("editors/mls.tmLanguage.json"));
  ASSERT_EQ(json.check(), "");
  const std::string digits = R"([0-9]+(?:_[0-9]+)*)";
  bool found = false;
  for (const auto& s : json.strings)
    found = found || s.find("(" + digits + R"((?:\.)" + digits + ")?") != std::string::npos;
  EXPECT_TRUE(found) << "the number pattern of editors/mls.tmLanguage.json does not take `1_000` or `2_048.5`";
}

TEST(EditorGrammar, NamesEveryKeywordOfTheLanguage) {
  auto keywords = language_keywords();
  // The keyword list of grammar.hpp, as of this test (`source` of `expect ... source "TEXT"` too).
  ASSERT_GE(keywords.size(), 27u);
  JsonChecker json(read_or_fail("editors/mls.tmLanguage.json"));
  ASSERT_EQ(json.check(), "");
  // Each keyword must stand as a whole alternative `\b(...|kw|...)\b` in some pattern.
  for (const auto& kw : keywords) {
    bool found = false;
    for (const auto& s : json.strings) found = found || has_word_alternative(s, kw);
    EXPECT_TRUE(found) << "editors/mls.tmLanguage.json does not highlight the keyword `" << kw << "`";
  }
  // `source` comes with `expect NAME == EXPR [within TOL] [source "TEXT"]`.
  bool source = false;
  for (const auto& s : json.strings)
    if (s.find("|source|") != std::string::npos) source = true;
  EXPECT_TRUE(source);
}

}  // namespace
