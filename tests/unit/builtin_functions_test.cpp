// The table of built-in functions is what the language reference's §9 lists: every function with each
// form of its signature, and no function the table lacks.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include "model/builtin_functions.hpp"

namespace mlsi {
namespace {

// The backquoted forms of the first column of §9's table: "`min(xs)`, `max(xs)`" gives both.
std::set<std::string> documented_forms() {
  std::ifstream in(std::filesystem::path(MLSI_SOURCE_DIR) / "docs" / "language.md", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  std::string all = text.str();
  std::size_t begin = all.find("\n## 9. Built-in functions\n");
  std::size_t end = all.find("\n## 10.", begin);
  EXPECT_NE(begin, std::string::npos);
  std::istringstream section(all.substr(begin, end - begin));
  std::set<std::string> forms;
  for (std::string line; std::getline(section, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    std::string first = line.substr(2, line.find(" | ", 2) - 2);
    for (std::size_t open = first.find('`'); open != std::string::npos; open = first.find('`', first.find('`', open + 1) + 1)) {
      std::size_t close = first.find('`', open + 1);
      forms.insert(first.substr(open + 1, close - open - 1));
    }
  }
  return forms;
}

TEST(BuiltinFunctions, LanguageReferenceListsEachFormOfEachFunction) {
  std::set<std::string> documented = documented_forms();
  std::set<std::string> tabled;
  for (const auto& f : builtin_functions()) {
    std::string signature(f.signature);
    for (std::size_t at = 0;;) {
      std::size_t bar = signature.find(" | ", at);
      tabled.insert(signature.substr(at, bar == std::string::npos ? std::string::npos : bar - at));
      if (bar == std::string::npos) break;
      at = bar + 3;
    }
  }
  EXPECT_EQ(documented, tabled);
  EXPECT_EQ(builtin_functions().size(), 28u);
}

TEST(BuiltinFunctions, NamesAndWhatTheyRun) {
  ASSERT_NE(find_builtin_function("ln"), nullptr);
  EXPECT_EQ(find_builtin_function("ln")->builtin, Builtin::log);
  EXPECT_EQ(find_builtin_function("has")->builtin, std::nullopt);
  EXPECT_EQ(find_builtin_function("sine"), nullptr);
  EXPECT_EQ(builtin_function_summary("ceil"), "ceil(x): a Count rounded up");
  EXPECT_EQ(builtin_function_summary("sine"), "");
  std::set<std::string> names;
  for (const auto& n : builtin_function_names()) EXPECT_TRUE(names.insert(n).second) << n << " twice";
}

}  // namespace
}  // namespace mlsi
