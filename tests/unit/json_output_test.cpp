// The one JSON shape of docs/language.md §14 for the values a run writes (records, entries, lists, exact
// numbers), and `mlsi schema`: the general schema and that of one scenario. The ctest json_schema
// validates every command's JSON against these schemas (tests/json_schema/validate.py).
#include <string>

#include "tests/unit/cli_harness.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi_test::mlsi;
using mlsi_test::TempFile;

// Inner(n = 3) is a record of Inner's outputs: t = 3 * 1 s = 3 s, ok = 3 > 1. The list [1 s, 2 min] is
// shown in the unit of its first entry, s: 2 min = 120 s.
constexpr const char* kShapes = R"(scenario Inner {
  input n: Count = 2
  output t = n * 1 s -> s
  output ok = n > 1
}

scenario Outer {
  input hw: Hardware = H100
  output inner = Inner(n = 3)
  output times = [1 s, 2 min]
  output name = "x"
}
)";

TEST(JsonOutput, RecordsEntriesAndListsHaveTheirShapes) {
  TempFile f("json_shapes.mls", kShapes);
  auto r = mlsi({"run", f.path.string(), "--scenario", "Outer", "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"hw\": {\"entry\": \"H100\", \"kind\": \"Hardware\"}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"inner\": {\"fields\": {\"t\": {\"value\": 3, \"unit\": \"s\", \"si\": 3, \"dimension\": \"Time\"}, "
                       "\"ok\": {\"value\": true}}}"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"times\": [{\"value\": 1, \"unit\": \"s\", \"si\": 1, \"dimension\": \"Time\"}, "
                       "{\"value\": 120, \"unit\": \"s\", \"si\": 120, \"dimension\": \"Time\"}]"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"name\": {\"value\": \"x\"}"), std::string::npos) << r.out;
}

TEST(JsonOutput, ANumberIsTheShortestTextOfItsDouble) {
  // 0.1 + 0.2 is the double 0.30000000000000004 (IEEE 754; Python's repr gives the same 17 digits), and
  // 1 / 3 of a second in ms is 333.3333333333333 (Python: (1/3) / 1e-3): neither is rounded.
  TempFile f("json_digits.mls", "scenario S {\n  output a = 0.1 + 0.2\n  output b = 1 s / 3 -> ms\n  output c = 1e20 * 1\n}\n");
  auto r = mlsi({"run", f.path.string(), "--format", "json"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"a\": {\"value\": 0.30000000000000004, \"unit\": \"\", \"si\": 0.30000000000000004, \"dimension\": \"Count\"}"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"b\": {\"value\": 333.3333333333333, \"unit\": \"ms\", \"si\": 0.3333333333333333, \"dimension\": \"Time\"}"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"c\": {\"value\": 1e+20, \"unit\": \"\", \"si\": 1e+20, \"dimension\": \"Count\"}"), std::string::npos) << r.out;
}

TEST(JsonSchema, TheGeneralSchemaIsDraft2020WithADocumentPerCommand) {
  auto r = mlsi({"schema"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out.rfind("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n", 0), 0u) << r.out;
  for (const char* def : {"quantity", "boolean", "text", "entry", "record", "list", "value", "run", "sweep", "explain", "listing", "show",
                          "test_report", "eval"})
    EXPECT_NE(r.out.find(std::string("\n    \"") + def + "\": {"), std::string::npos) << def;  // a member of "$defs"
  EXPECT_EQ(r.err, "");
}

TEST(JsonSchema, AScenariosSchemaNamesItsInputsAndOutputsWithTheirDimensions) {
  auto r = mlsi({"schema", MLSI_SOURCE_DIR "/tests/examples/kv_cache.mls"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"title\": \"mlsi run KvCache --format json\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"scenario\": {\"const\": \"KvCache\"}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"config\": {\"anyOf\": [{\"enum\": [\"long_context\"]}, {\"type\": \"null\"}]}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"workload\": {\"description\": \"Workload\", \"anyOf\": [{\"anyOf\": [{\"$ref\": \"#/$defs/entry\", "
                       "\"properties\": {\"kind\": {\"const\": \"Workload\"}}}, {\"$ref\": \"#/$defs/record\"}]}, {\"type\": \"null\"}]}"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"total\": {\"description\": \"Information\", \"$ref\": \"#/$defs/quantity\", "
                       "\"properties\": {\"dimension\": {\"const\": \"Information\"}}}"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("\"fits_h100\": {\"description\": \"Bool\", \"$ref\": \"#/$defs/boolean\"}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"required\": [\"per_token\", \"total\", \"fits_h100\"]"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\n  \"$defs\": {\n    \"quantity\": {"), std::string::npos) << r.out;
}

TEST(JsonSchema, AnEnumerationListsItsCases) {
  auto r = mlsi({"schema", MLSI_SOURCE_DIR "/tests/examples/group_stats.mls"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("\"properties\": {\"value\": {\"enum\": [\"mean\", \"leave_one_out\"]}}"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"rewards\": {\"description\": \"List[Count]\", \"anyOf\": [{\"type\": \"array\", \"items\": "
                       "{\"$ref\": \"#/$defs/quantity\", \"properties\": {\"dimension\": {\"const\": \"Count\"}}}}, {\"type\": \"null\"}]}"),
            std::string::npos)
      << r.out;
}

TEST(JsonSchema, TakesOnlyJsonAndOneScenario) {
  auto csv = mlsi({"schema", "--format", "csv"});
  EXPECT_EQ(csv.status, 2);
  EXPECT_EQ(csv.err, "error: `mlsi schema` writes JSON only (--format json)\nrun `mlsi --help` for usage\n");
  auto two = mlsi({"schema", "KvCache", "ZeroSharding"});
  EXPECT_EQ(two.status, 2);
  EXPECT_EQ(two.err, "error: `mlsi schema` takes at most one FILE or scenario NAME\nrun `mlsi --help` for usage\n");
  auto json = mlsi({"schema", "--format", "json"});
  EXPECT_EQ(json.status, 0) << json.err;
  auto builtin = mlsi({"schema", "ZeroSharding"});
  EXPECT_EQ(builtin.status, 0) << builtin.err;
  EXPECT_NE(builtin.out.find("\"per_device\": {\"description\": \"List[Information]\", \"type\": \"array\""), std::string::npos) << builtin.out;
}

}  // namespace
