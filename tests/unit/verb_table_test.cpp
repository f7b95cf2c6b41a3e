// The verb table (interpreter/verbs/): every option a verb lists is one of the option table, the one
// parser reads every verb's line from it, and an option a verb does not take is refused by the table in
// the option's own words.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include "mcp/tools.hpp"
#include "verbs/command_line.hpp"
#include "verbs/option_table.hpp"
#include "verbs/verb_table.hpp"

namespace {

std::optional<std::string> read(const std::vector<std::string>& args, mlsi::VerbRequest& r) { return mlsi::read_command_line(args, r); }

TEST(VerbTable, EveryListedOptionIsInTheOptionTableAndNamedOnce) {
  std::set<std::string> flags, api_names;
  for (const auto& o : mlsi::option_specs()) {
    EXPECT_TRUE(flags.insert(std::string(o.flag)).second) << o.flag;
    EXPECT_TRUE(api_names.insert(std::string(o.api_name)).second) << o.api_name;
  }
  for (const auto& v : mlsi::verbs())
    for (const auto* o : mlsi::listed_options(v)) EXPECT_NE(mlsi::find_option(o->flag), nullptr) << v.name << " " << o->flag;
}

TEST(VerbTable, OneParserSetsTheRequestForEveryVerb) {
  mlsi::VerbRequest r;
  ASSERT_FALSE(read({"sweep", "Model", "--vary", "a=1,2", "-j3", "--max-steps=40", "--y", "u", "--y", "v"}, r));
  EXPECT_EQ(r.positional, std::vector<std::string>{"Model"});
  EXPECT_EQ(r.varies, std::vector<std::string>{"a=1,2"});
  EXPECT_EQ(r.jobs, 3u);
  EXPECT_EQ(r.limits.max_steps, 40u);
  EXPECT_EQ(r.plot_y, "u,v");
  EXPECT_EQ(r.given, (std::vector<std::string>{"--vary", "--jobs", "--max-steps", "--y", "--y"}));
  EXPECT_EQ(mlsi::refused_option(r), std::nullopt);
}

TEST(VerbTable, AnOptionAVerbDoesNotTakeIsRefusedByTheTable) {
  auto refusal = [](std::vector<std::string> args) {
    mlsi::VerbRequest r;
    if (auto e = read(args, r)) return *e;
    return mlsi::refused_option(r).value_or("");
  };
  // In the option's own words, where it has them ...
  EXPECT_EQ(refusal({"run", "M", "-j", "2"}), "-j/--jobs N sets the threads of `mlsi sweep` and `mlsi solve --vary`");
  EXPECT_EQ(refusal({"sweep", "M", "--explain"}), "--explain applies to `mlsi run` and `mlsi solve`, not `mlsi sweep`");
  EXPECT_EQ(refusal({"list", "--published"}), "--published is an option of `mlsi test`");
  EXPECT_EQ(refusal({"run", "M", "--vary", "a=1"}), "`mlsi run` evaluates one point: give an input with --set, or vary it with `mlsi sweep M --vary a=1`");
  // ... or in the table's: an option that used to be read and ignored.
  EXPECT_EQ(refusal({"list", "--set", "a=1"}), "--set is not an option of `mlsi list`");
  EXPECT_EQ(refusal({"run", "M", "--sort", "name"}), "--sort is not an option of `mlsi run`");
  // --name beside --workload only, except for `mlsi catalogue from-hf`.
  EXPECT_EQ(refusal({"run", "M", "--name", "k"}), "--name gives the key of the entry of `mlsi catalogue from-hf` or of --workload FILE.json");
  EXPECT_EQ(refusal({"run", "M", "--name", "k", "--workload", "c.json"}), "");
  EXPECT_EQ(refusal({"catalogue", "from-hf", "c.json", "--name", "k"}), "");
  // An option that means nothing outside its verb is unknown elsewhere, as soon as it is read.
  EXPECT_EQ(refusal({"run", "M", "-o", "x"}), "unknown option `-o`");
  EXPECT_EQ(refusal({"fmt", "--write=yes", "x.mls"}), "unknown option `--write`");
  EXPECT_EQ(refusal({"doc", "--format", "csv"}), "`mlsi doc` writes markdown or html, not csv");
}

TEST(VerbTable, AnUnknownVerbTakesEveryOptionSoThatItIsReportedUnknown) {
  mlsi::VerbRequest r;
  EXPECT_FALSE(read({"frobnicate", "--report", "--set", "a=1", "-j", "2"}, r));
  EXPECT_EQ(mlsi::refused_option(r), std::nullopt);
}

}  // namespace

namespace {

// Each property of an MCP tool's arguments is an operand (the scenario, the kind, the name, the text to
// check) or the option of the verb table that the tool's verb takes, by the name the table gives it.
TEST(VerbTable, EveryMcpToolPropertyIsAnOptionOfItsVerb) {
  for (const auto& tool : mlsi::mcp::tool_specs()) {
    const mlsi::Verb* verb = mlsi::find_verb(tool.name == "explain" ? "run" : tool.name);
    ASSERT_NE(verb, nullptr) << tool.name;
    for (const auto& [key, _] : tool.input_schema["properties"].items()) {
      if (key == "scenario" || key == "kind" || key == "name" || (tool.name == "check" && key == "source")) continue;
      const mlsi::OptionSpec* option = mlsi::find_api_option(key);
      ASSERT_NE(option, nullptr) << tool.name << "." << key;
      EXPECT_NE(mlsi::verb_option(*verb, option->flag), nullptr) << tool.name << "." << key << " (" << option->flag << ")";
    }
  }
}

// A tool's arguments set the request as the command line's options of the same names do.
TEST(VerbTable, McpArgumentsSetTheRequestThroughTheTable) {
  mlsi::mcp::Json args{{"such_that", {"a < 1", "b < 2"}}, {"max", "batch"}, {"set", {{"n", 4}}}};
  mlsi::VerbRequest r;
  r.command = "solve";
  EXPECT_EQ(mlsi::mcp::set_arguments(args, {"max", "such_that", "set"}, r), std::nullopt);
  mlsi::VerbRequest read;
  ASSERT_FALSE(mlsi::read_command_line({"solve", "--max", "batch", "--such-that", "a < 1", "--such-that", "b < 2", "--set", "n=4"}, read));
  EXPECT_EQ(r.solve_max, "batch");
  EXPECT_EQ(r.such_that, read.such_that);
  EXPECT_EQ(r.sets, std::vector<std::string>{"n=4"});
  EXPECT_EQ(r.given, read.given);
  // `true` sets a switch, `false` nothing; a value the option refuses is the command line's message.
  mlsi::VerbRequest show;
  show.command = "show";
  EXPECT_EQ(mlsi::mcp::set_arguments(mlsi::mcp::Json{{"source", true}}, {"source"}, show), std::nullopt);
  EXPECT_TRUE(show.show_source);
  mlsi::VerbRequest off;
  off.command = "show";
  EXPECT_EQ(mlsi::mcp::set_arguments(mlsi::mcp::Json{{"source", false}}, {"source"}, off), std::nullopt);
  EXPECT_TRUE(off.given.empty());
  mlsi::VerbRequest list;
  list.command = "list";
  EXPECT_EQ(mlsi::mcp::set_arguments(mlsi::mcp::Json{{"format", "md"}}, {"format"}, list), "`mlsi list` writes table, json or csv, not md");
}

}  // namespace
