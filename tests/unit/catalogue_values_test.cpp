// What the build makes of the built-in catalogue for a start to read less (cmake/embed.cmake): each
// entry's values' text, line for line the entry's, without comments and with its free texts `""`, and
// where those free texts are in the file. That an entry read from it is the entry the whole file's TOML
// gives, values, units and spans, for every built-in entry: CatalogueOnDemand.EveryEntryIsTheSameAsTheEagerRead.
// And the schema's dimensions, read without the parser, are those the parser gives.
#include <algorithm>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "catalogue/catalogue_loader.hpp"
#include "check/compiler.hpp"
#include "session/session.hpp"
#include "source/embedded.hpp"
#include "syntax/parser.hpp"

#include <gtest/gtest.h>

namespace {

std::size_t lines_of(std::string_view text) { return static_cast<std::size_t>(std::count(text.begin(), text.end(), '\n')); }

bool is_free_text_field(std::string_view field) {
  return field == "source" || field == "note" || field == "source_url" || (field.size() > 7 && field.ends_with("_source"));
}

TEST(CatalogueValues, EachEntrysValuesAreItsLinesWithoutFreeTextsOrComments) {
  std::size_t entries = 0, free_texts = 0, values_bytes = 0, file_bytes = 0;
  for (const auto& f : mlsi::embedded_files()) {
    if (f.path.rfind("stdlib/catalogue/", 0) != 0) {
      EXPECT_TRUE(f.catalogue_values.empty()) << f.path;
      continue;
    }
    file_bytes += f.text.size();
    values_bytes += f.catalogue_values.size();
    std::size_t previous_end = 0;
    for (const auto& e : f.catalogue_entries) {
      ++entries;
      const std::string_view lines = f.text.substr(e.begin, e.end - e.begin);
      EXPECT_EQ(e.lines_before, lines_of(f.text.substr(0, e.begin))) << f.path << " " << e.names[0];
      EXPECT_EQ(e.values_begin, previous_end) << f.path << " " << e.names[0];  // one after the other
      previous_end = e.values_end;
      const std::string_view values = f.catalogue_values.substr(e.values_begin, e.values_end - e.values_begin);
      EXPECT_EQ(lines_of(values), lines_of(lines)) << f.path << " " << e.names[0];
      EXPECT_EQ(values.find('#'), std::string_view::npos) << f.path << " " << e.names[0];  // no comment in the built-in values
      std::size_t after = e.begin;
      for (const auto& free : e.free_texts) {
        ++free_texts;
        EXPECT_TRUE(is_free_text_field(free.field)) << free.field;
        // In order, inside the entry, a quoted string without escapes on one line after `field =`.
        ASSERT_LE(after, free.begin);
        ASSERT_LT(free.begin + 1, free.end);
        ASSERT_LE(free.end, e.end);
        after = free.end;
        const std::string_view quoted = f.text.substr(free.begin, free.end - free.begin);
        EXPECT_EQ(quoted.front(), '"');
        EXPECT_EQ(quoted.back(), '"');
        EXPECT_EQ(quoted.substr(1, quoted.size() - 2).find_first_of("\"\\\n"), std::string_view::npos) << quoted;
        const std::size_t line_begin = f.text.rfind('\n', free.begin) + 1;
        std::string_view before = f.text.substr(line_begin, free.begin - line_begin);
        EXPECT_TRUE(before.starts_with(free.field)) << before;
        EXPECT_NE(before.find('='), std::string_view::npos) << before;
      }
    }
    EXPECT_EQ(previous_end, f.catalogue_values.size()) << f.path;
  }
  EXPECT_EQ(entries, 179u);  // as CatalogueOnDemand.EveryEntryIsTheSameAsTheEagerRead counts them
  EXPECT_GT(free_texts, 300u);
  // The free texts and comments are most of the bytes: the values are under half of the files.
  EXPECT_LT(values_bytes * 2, file_bytes);
}

// The build's table of names is every name of every entry, numbered as the entries of the catalogue files
// follow each other, sorted by name and then by entry.
TEST(CatalogueValues, TheNameTableIsEveryEntrysNamesSorted) {
  std::vector<std::pair<std::string_view, std::size_t>> want;
  std::size_t number = 0;
  for (const auto& f : mlsi::embedded_files()) {
    if (f.path.rfind("stdlib/catalogue/", 0) != 0) continue;
    for (const auto& e : f.catalogue_entries) {
      for (std::string_view name : e.names) want.emplace_back(name, number);
      ++number;
    }
  }
  std::sort(want.begin(), want.end());
  auto table = mlsi::embedded_catalogue_names();
  ASSERT_EQ(table.size(), want.size());
  for (std::size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(table[i].name, want[i].first) << i;
    EXPECT_EQ(table[i].entry, want[i].second) << i;
  }
  EXPECT_EQ(number, 179u);
}

TEST(CatalogueValues, SchemaDimensionsAreThoseTheParserGives) {
  mlsi::ProgramSession session;  // its prelude's dimensions
  mlsi::Program& p = session.program();
  std::set<std::string> dimensions;
  for (const auto& kind : mlsi::catalogue_schema())
    for (const auto* fields : {&mlsi::common_fields(), &kind.fields})
      for (const auto& f : *fields)
        if (f.type != "Count" && f.type != "Text" && f.type != "Bool" && f.type != "list Text" && f.type != "mig_profiles" &&
            f.type != "shares" && !f.type.starts_with("ref "))
          dimensions.emplace(f.type.starts_with("rates ") ? f.type.substr(6) : f.type);
  EXPECT_EQ(dimensions.size(), 17u);  // "Information", "Information / Time", ..., "Money / (Information * Time)", "1 / Time"
  mlsi::DiagnosticLog diags;
  mlsi::Compiler compiler(p, diags);
  for (const auto& text : dimensions) {
    auto parsed = mlsi::parse_type(p.sources, p.sources.add("<schema>", text), diags);
    ASSERT_TRUE(parsed) << text;
    mlsi::Type want = compiler.resolve_type(*parsed);
    ASSERT_TRUE(want.is_quantity()) << text;
    auto got = mlsi::schema_dimension(text, p.dims);
    ASSERT_TRUE(got) << text;
    EXPECT_TRUE(*got == want.dim) << text;
  }
  EXPECT_FALSE(diags.has_errors());
  // Anything else is left to the parser.
  for (std::string_view text : {"", "Information /", "(Time", "Nothing", "2 / Time", "Time ^ 2", "Time Time"})
    EXPECT_FALSE(mlsi::schema_dimension(text, p.dims)) << text;
}

}  // namespace
