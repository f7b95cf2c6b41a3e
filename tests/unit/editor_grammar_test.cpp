// The editor files of editors/: valid JSON, and a TextMate grammar that knows every keyword of the
// language's grammar (grammar/grammar.hpp), so a new keyword cannot be forgotten there.
#include <gtest/gtest.h>

#include <cctype>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

std::string read(const std::string& path) {
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
  explicit JsonChecker(const std::string& text) : s_(text) {}
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

  const std::string& s_;
  std::size_t i_ = 0;
};

// The keywords of the language: every MLSI_KEYWORD(name, "text") of grammar/grammar.hpp.
std::vector<std::string> language_keywords() {
  std::string grammar = read("grammar/grammar.hpp");
  std::regex keyword(R"re(MLSI_KEYWORD\(\w+,\s*"(\w+)"\))re");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(grammar.begin(), grammar.end(), keyword); it != std::sregex_iterator(); ++it)
    out.push_back((*it)[1]);
  return out;
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
    std::string text = read(path);
    EXPECT_EQ(JsonChecker(text).check(), "") << path;
  }
}

TEST(EditorGrammar, ScopeNameMatchesTheVsCodeExtension) {
  std::string grammar = read("editors/mls.tmLanguage.json");
  std::string package = read("editors/vscode/package.json");
  EXPECT_NE(grammar.find(R"("scopeName": "source.mls")"), std::string::npos);
  EXPECT_NE(package.find(R"("scopeName": "source.mls")"), std::string::npos);
  EXPECT_NE(package.find(R"("extensions": [".mls"])"), std::string::npos);
}

TEST(EditorGrammar, NamesEveryKeywordOfTheLanguage) {
  auto keywords = language_keywords();
  // The keyword list of grammar.hpp, as of this test (`source` of `expect ... source "TEXT"` too).
  ASSERT_GE(keywords.size(), 27u);
  JsonChecker json(read("editors/mls.tmLanguage.json"));
  ASSERT_EQ(json.check(), "");
  // Each keyword must stand as a whole alternative `\b(...|kw|...)\b` in some pattern.
  for (const auto& kw : keywords) {
    bool found = false;
    for (const auto& s : json.strings) {
      std::regex alternative(R"(\\b\((?:[A-Za-z|]*\|)?)" + kw + R"((?:\|[A-Za-z|]*)?\)\\b)");
      if (std::regex_search(s, alternative)) found = true;
    }
    EXPECT_TRUE(found) << "editors/mls.tmLanguage.json does not highlight the keyword `" << kw << "`";
  }
  // `source` comes with `expect NAME == EXPR [within TOL] [source "TEXT"]`.
  bool source = false;
  for (const auto& s : json.strings)
    if (s.find("|source|") != std::string::npos) source = true;
  EXPECT_TRUE(source);
}

}  // namespace
