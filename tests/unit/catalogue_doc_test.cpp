// docs/catalogue.md against the code it describes: the field tables of §2 are those of the schema
// (interpreter/model/catalogue_schema.cpp), and §3 names every built-in entry and alias, so that the page
// cannot drift from the catalogue.
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "model/catalogue.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

namespace {

std::string page() {
  std::ifstream in(std::filesystem::path(MLSI_SOURCE_DIR) / "docs" / "catalogue.md", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The text from `heading` (a line of its own) to the next line starting with `stop`.
std::string section(const std::string& text, const std::string& heading, const std::string& stop) {
  auto begin = text.find("\n" + heading + "\n");
  if (begin == std::string::npos) return "";
  auto end = text.find("\n" + stop, begin + heading.size() + 2);
  return text.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
}

// The table row a field has in docs/catalogue.md and in `mlsi doc catalogue`: name, type, requirement.
std::string row_start(const mlsi::FieldSpec& f) {
  std::string requirement = f.requirement == mlsi::Requirement::required ? "required"
                            : f.requirement == mlsi::Requirement::derived ? "derived"
                                                                          : "optional";
  if (f.whole) requirement += ", whole";
  return "| `" + std::string(f.name) + "` | " + std::string(f.type) + " | " + requirement + " |";
}

// The field rows of a section's table, in order.
std::vector<std::string> field_rows(const std::string& text) {
  std::vector<std::string> rows;
  std::istringstream lines(text);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("| `", 0) != 0) continue;
    // Markdown escapes the `*` of a product of dimensions.
    for (auto at = line.find("\\*"); at != std::string::npos; at = line.find("\\*", at)) line.erase(at, 1);
    rows.push_back(line);
  }
  return rows;
}

TEST(CatalogueDoc, Section2ListsEveryFieldOfTheSchemaInOrder) {
  const std::string text = page();
  ASSERT_FALSE(text.empty());
  const auto& kinds = mlsi::catalogue_schema();
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    std::string heading = "### 2." + std::to_string(k + 1) + " " + std::string(kinds[k].name);
    auto rows = field_rows(section(text, heading, "#"));
    ASSERT_EQ(rows.size(), kinds[k].fields.size()) << heading;
    for (std::size_t i = 0; i < rows.size(); ++i)
      EXPECT_EQ(rows[i].rfind(row_start(kinds[k].fields[i]), 0), 0u) << heading << ": " << rows[i];
  }
  auto common = field_rows(section(text, "## 2. Record kinds", "###"));
  ASSERT_EQ(common.size(), mlsi::common_fields().size());
  for (std::size_t i = 0; i < common.size(); ++i)
    EXPECT_EQ(common[i].rfind(row_start(mlsi::common_fields()[i]), 0), 0u) << common[i];
}

TEST(CatalogueDoc, Section3NamesEveryBuiltinEntryAndAlias) {
  const std::string built_in = section(page(), "## 3. Built-in entries", "## 4.");
  ASSERT_FALSE(built_in.empty());
  mlsi::ProgramSession session;
  const auto& catalogue = session.program().catalogue;
  ASSERT_FALSE(catalogue.entries.empty());
  for (const auto& e : catalogue.entries) {
    EXPECT_NE(built_in.find("`" + e.key + "`"), std::string::npos) << e.kind << " " << e.key;
    for (const auto& a : e.aliases) EXPECT_NE(built_in.find("(alias `" + a + "`)"), std::string::npos) << a;
  }
}

}  // namespace
