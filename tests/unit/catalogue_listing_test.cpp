// `mlsi list` and `mlsi show` as a library (report/catalogue_listing.hpp): requests over a session give
// the listing as text, or the problem as a status with a message or diagnostics, and print nothing.
// Every expected key and value below is read by hand from stdlib/catalogue/hardware/*.toml and
// stdlib/prelude/units.mls, as each comment says.
#include <cctype>
#include <sstream>
#include <string>
#include <vector>

#include "report/catalogue_fields.hpp"
#include "report/catalogue_listing.hpp"
#include "report/render.hpp"
#include "session/session.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi::Format;
using mlsi::ListingStatus;

// As `mlsi list` opens it: every built-in catalogue file read at once.
mlsi::ProgramSessionOptions whole_catalogue() {
  mlsi::ProgramSessionOptions o;
  o.read_on_demand = false;
  return o;
}

using mlsi_test::lines_of;

// The first column of a table's rows, without the header and the count line.
std::vector<std::string> table_keys(const std::string& text) {
  auto all = lines_of(text);
  std::vector<std::string> keys;
  for (std::size_t i = 1; i + 1 < all.size(); ++i) keys.push_back(all[i].substr(0, all[i].find(' ')));
  return keys;
}

// Every "key" of a JSON listing, in order.
std::vector<std::string> json_keys(const std::string& text) {
  std::vector<std::string> keys;
  const std::string tag = "{\"key\": \"";
  for (auto at = text.find(tag); at != std::string::npos; at = text.find(tag, at + 1)) {
    auto begin = at + tag.size();
    keys.push_back(text.substr(begin, text.find('"', begin) - begin));
  }
  return keys;
}

TEST(CatalogueListing, HardwareFilteredAndSortedByAField) {
  mlsi::ProgramSession session(whole_catalogue());
  ASSERT_FALSE(session.diagnostics().has_errors());
  mlsi::ListRequest request;
  request.kind = "hardware";
  request.where = "memory >= 150 GiB";
  request.sort = "tdp";
  // The hardware with at least 150 GiB of memory (cloud.toml; no other hardware file has one): MI300X
  // (192 GiB, tdp 750 W), B200 (192 GiB, 1000 W), MI325X (256 GiB, 1000 W) and GB200_NVL72 (13.5 TiB, 120 kW);
  // by tdp, smallest first, B200 and MI325X in the order of their keys.
  auto listing = mlsi::list_kind(session, request);
  ASSERT_EQ(listing.status, ListingStatus::ok) << listing.message;
  EXPECT_EQ(table_keys(listing.text), (std::vector<std::string>{"MI300X", "B200", "MI325X", "GB200_NVL72"}));
  auto all = lines_of(listing.text);
  ASSERT_FALSE(all.empty());
  EXPECT_EQ(all.front().substr(0, 9), "key      ");  // the header, `key` padded to GB200_NVL72's 11 characters
  EXPECT_EQ(all.back(), "4 entries");
  EXPECT_TRUE(session.diagnostics().list().empty());
}

TEST(CatalogueListing, EqualValuesKeepTheOrderOfTheKeys) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  request.kind = "Hardware";  // the kind's own name works as its plural does
  request.where = "memory > 100 GiB and memory < 150 GiB";
  request.sort = "memory";
  request.format = Format::json;
  // Over 100 GiB (107.4 GB) and under 150 GiB (161.1 GB): DGX_Spark (workstation.toml) and GenericServer
  // (edge.toml) with 128 GB = 1.28e11 B; Gaudi3, MI250X (cloud.toml) and MacBookM3Max (workstation.toml)
  // with 128 GiB = 1.374e11 B; H200 (cloud.toml) with 131 GiB = 1.407e11 B. Within one size, by key
  // (byte order: "MI250X" < "MacBookM3Max" since 'I' < 'a').
  auto listing = mlsi::list_kind(session, request);
  ASSERT_EQ(listing.status, ListingStatus::ok) << listing.message;
  EXPECT_EQ(json_keys(listing.text), (std::vector<std::string>{"DGX_Spark", "GenericServer", "Gaudi3", "MI250X", "MacBookM3Max", "H200"}));
  EXPECT_EQ(listing.text.front(), '[');
  EXPECT_EQ(listing.text.substr(listing.text.size() - 3), "}]\n");
}

TEST(CatalogueListing, AnUnknownSortFieldSaysWhichFieldWasMeant) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  request.kind = "hardware";
  request.sort = "memry";
  auto listing = mlsi::list_kind(session, request);
  EXPECT_EQ(listing.status, ListingStatus::usage);
  EXPECT_EQ(listing.message, "Hardware has no field `memry`; did you mean `memory`?");
  EXPECT_TRUE(listing.text.empty());
}

TEST(CatalogueListing, AnUnknownKindSaysWhichKindWasMeant) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  request.kind = "fabric";  // the plural is `fabrics`, the kind `Fabric`
  auto listing = mlsi::list_kind(session, request);
  EXPECT_EQ(listing.status, ListingStatus::usage);
  EXPECT_EQ(listing.message, "cannot list `fabric`; did you mean `fabrics`?");
}

TEST(CatalogueListing, AConditionThatDoesNotCompileLeavesItsDiagnosticsInTheSession) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  request.kind = "hardware";
  request.where = "memory > 1 s";  // Information compared with Time
  auto listing = mlsi::list_kind(session, request);
  EXPECT_EQ(listing.status, ListingStatus::usage);
  EXPECT_TRUE(listing.message.empty());
  ASSERT_TRUE(session.diagnostics().has_errors());
  const auto& first = session.diagnostics().list().front();
  EXPECT_EQ(session.program().sources.file(first.span.file).name, "where");  // ListRequest::where_origin's default
}

TEST(CatalogueListing, ShowsAUnitWithItsSizeInSiBaseUnits) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ShowRequest request;
  request.name = "GiB";
  request.format = Format::json;
  // units.mls: `unit byte: Information` with binary prefixes; GiB = 2^30 byte = 1073741824. The size is
  // the quantity one GiB is, in the shape of every JSON quantity (docs/language.md §14).
  auto listing = mlsi::show_name(session, request);
  ASSERT_EQ(listing.status, ListingStatus::ok) << listing.message;
  EXPECT_EQ(listing.text.rfind("{\"unit\": \"GiB\", \"dimension\": \"Information\", "
                               "\"size\": {\"value\": 1, \"unit\": \"GiB\", \"si\": 1073741824, \"dimension\": \"Information\"}, \"doc\": ", 0),
            0u)
      << listing.text;
}

TEST(CatalogueListing, AnUnknownNameSaysWhichNameWasMeant) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ShowRequest request;
  request.name = "H100x";  // one letter from H100 (cloud.toml)
  auto listing = mlsi::show_name(session, request);
  EXPECT_EQ(listing.status, ListingStatus::usage);
  EXPECT_EQ(listing.message, "nothing named `H100x` among the scenarios, catalogue, units, constants and functions; did you mean `H100`?");
}

TEST(CatalogueListing, SortDescendingKeepsTiesInKeyOrder) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  request.kind = "precisions";
  request.sort = "-bytes";
  auto listing = mlsi::list_kind(session, request);
  ASSERT_EQ(listing.status, ListingStatus::ok) << listing.message;
  // numerics/precisions.toml: fp32 and tf32 4 byte, bf16 and fp16 2, fp8 and int8 1, fp6 0.75, fp4 and
  // int4 0.5; largest first, each tie in the order of the keys.
  EXPECT_EQ(table_keys(listing.text), (std::vector<std::string>{"fp32", "tf32", "bf16", "fp16", "fp8", "int8", "fp6", "fp4", "int4"}));
  request.sort = "bytes";
  EXPECT_EQ(table_keys(mlsi::list_kind(session, request).text),
            (std::vector<std::string>{"fp4", "int4", "fp6", "fp8", "int8", "bf16", "fp16", "fp32", "tf32"}));
  request.sort = "-byte";
  auto unknown = mlsi::list_kind(session, request);
  EXPECT_EQ(unknown.status, ListingStatus::usage);
  EXPECT_EQ(unknown.message, "Precision has no field `byte`; did you mean `bytes`?");
}

TEST(CatalogueListing, WithoutAKindEveryKindWithItsCount) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  auto listing = mlsi::list_kind(session, request);
  ASSERT_EQ(listing.status, ListingStatus::ok) << listing.message;
  auto rows = lines_of(listing.text);
  const auto kinds = mlsi::listable_kinds();
  ASSERT_EQ(rows.size(), kinds.size() + 2);  // a header, a row per kind, a closing line
  for (std::size_t i = 0; i < kinds.size(); ++i) EXPECT_EQ(rows[i + 1].substr(0, rows[i + 1].find(' ')), kinds[i]);
  EXPECT_EQ(kinds.back(), "scenarios");
  // 53 hardware entries (stdlib/catalogue/hardware: 34 cloud, 8 edge, 4 mobile, 5 tiny, 2 workstation);
  // 9 precisions (numerics/precisions.toml); 77 scenarios (57 in scenarios/training, one per file; 8 in scenarios/serving, 8 in scenarios/systems; 4 in scenarios/plan).
  auto count_of = [&](const std::string& kind) {
    for (const auto& r : rows)
      if (r.rfind(kind + " ", 0) == 0) {
        std::size_t b = r.find_first_of("0123456789");
        return r.substr(b, r.find(' ', b) - b);
      }
    return std::string();
  };
  EXPECT_EQ(count_of("hardware"), "53");  // 34 cloud, 8 edge, 4 mobile, 5 tiny, 2 workstation
  EXPECT_EQ(count_of("precisions"), "9");
  EXPECT_EQ(count_of("scenarios"), "77");
}

TEST(CatalogueListing, ScenariosWithPackAndFirstSentence) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  request.kind = "scenarios";
  auto listing = mlsi::list_kind(session, request);
  ASSERT_EQ(listing.status, ListingStatus::ok) << listing.message;
  // scenarios/training/activation_logic_cost.mls: its doc's first sentence ends at "budget)." before "A ReLU".
  std::string row;
  for (const auto& line : lines_of(listing.text))
    if (line.rfind("ActivationLogicCost ", 0) == 0) row = line;
  const std::string tail = "  training  exercise  Logic cost of two activation datapaths, in transistor equivalents (an illustrative budget).";
  ASSERT_GE(row.size(), tail.size()) << listing.text;
  EXPECT_EQ(row.substr(row.size() - tail.size()), tail);
  // The built-in scenarios of the four packs: 57 training, 8 serving, 8 systems, 4 plan.
  EXPECT_EQ(lines_of(listing.text).back(), "77 scenarios");
}

TEST(CatalogueListing, TheOldPackNameInferenceIsServingAndSystems) {
  // `inference` was split into `serving` (8 scenarios) and `systems` (8): a condition comparing `pack` with
  // it, either way round, means both; other texts and comparisons are as written.
  auto count = [](const std::string& where) {
    mlsi::ProgramSession session(whole_catalogue());
    mlsi::ListRequest request;
    request.kind = "scenarios";
    request.where = where;
    auto listing = mlsi::list_kind(session, request);
    EXPECT_EQ(listing.status, ListingStatus::ok) << where << ": " << listing.message;
    return lines_of(listing.text).back();
  };
  EXPECT_EQ(count("pack == \"inference\""), "16 scenarios");
  EXPECT_EQ(count("\"inference\" == pack"), "16 scenarios");
  EXPECT_EQ(count("pack==\"inference\" and name == \"ServingFit\""), "1 scenario");
  // 77 less the 16: training's 57 and plan's 4.
  EXPECT_EQ(count("pack != \"inference\""), "61 scenarios");
  EXPECT_EQ(count("\"inference\" != pack and kind == \"question\""), "4 scenarios");
  EXPECT_EQ(count("pack == \"serving\""), "8 scenarios");
  EXPECT_EQ(count("pack == \"systems\" or pack == \"plan\""), "12 scenarios");
  // A text that is not compared with `pack` stays: no scenario is named `inference`.
  EXPECT_EQ(count("name == \"inference\""), "0 scenarios");
  // A problem is said in the text as typed.
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ListRequest request;
  request.kind = "scenarios";
  request.where = "pack == \"inference\" and nme == \"x\"";
  auto listing = mlsi::list_kind(session, request);
  EXPECT_EQ(listing.status, ListingStatus::usage);
  EXPECT_EQ(mlsi::render_all(session.program().sources, session.diagnostics(), false),
            "where:1:25: error: unknown name `nme`\n"
            " 1 | pack == \"inference\" and nme == \"x\"\n"
            "   |                         ^~~\n"
            "   = note: did you mean `name`?\n");
}

TEST(CatalogueListing, FirstSentence) {
  EXPECT_EQ(mlsi::first_sentence("One line. Two."), "One line.");
  EXPECT_EQ(mlsi::first_sentence("Across\nlines, to the end."), "Across lines, to the end.");
  // A full stop before a lower-case word or a digit does not end it.
  EXPECT_EQ(mlsi::first_sentence("Cited (vol. 1, ch. 3). Then more."), "Cited (vol. 1, ch. 3).");
  EXPECT_EQ(mlsi::first_sentence("No stop"), "No stop");
  // A full stop that ends a line ends it, whatever the next line starts with ("3D parallelism").
  EXPECT_EQ(mlsi::first_sentence("Step time per device.\n3D parallelism on a fleet."), "Step time per device.");
  // A sentence wrapped over lines is whole; the first paragraph and a tagged line bound it.
  EXPECT_EQ(mlsi::first_sentence("Time of one step of a cluster whose links\nare of the given kind. More."),
            "Time of one step of a cluster whose links are of the given kind.");
  EXPECT_EQ(mlsi::first_sentence("No stop here\n\nNext paragraph. More."), "No stop here");
  EXPECT_EQ(mlsi::first_sentence("No stop here\nSee also: A, B."), "No stop here");
}

TEST(CatalogueListing, ShowOfNoExactNameListsTheNamesContainingIt) {
  mlsi::ProgramSession session(whole_catalogue());
  mlsi::ShowRequest request;
  request.name = "LLAMA";
  auto listing = mlsi::show_name(session, request);
  ASSERT_EQ(listing.status, ListingStatus::ok) << listing.message;
  auto rows = lines_of(listing.text);
  ASSERT_GE(rows.size(), 2u);
  EXPECT_EQ(rows[0].rfind("nothing is named `LLAMA`; ", 0), 0u) << rows[0];
  // Every row names a Workload whose key contains "llama" in some case (stdlib/catalogue/workloads).
  for (std::size_t i = 1; i < rows.size(); ++i) {
    EXPECT_EQ(rows[i].rfind("  Workload  ", 0), 0u) << rows[i];
    std::string key = rows[i].substr(rows[i].find_last_of(' ') + 1);
    for (char& c : key) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_NE(key.find("llama"), std::string::npos) << rows[i];
  }
}

}  // namespace
