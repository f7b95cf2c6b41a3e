// The public C++ API (include/mlsi/, docs/api.md): typed results, structured diagnostics, inputs as text
// and as quantities, limits, explanations.
//
// ActivationMemory (scenarios/training/activation_memory.mls) with its default workload GPT3
// (stdlib/catalogue/workloads/language.toml: 96 layers, hidden 12288, 96 heads, seq_len 2048) and
// microbatch = 4, bytes_per_value 2 byte, by hand:
//   sbh = 2048 * 4 * 12288 = 100663296;  attention term 5 * 96 * 2048 / 12288 = 80, so 34 + 80 = 114
//   none = 96 * 100663296 * 114 * 2 B / 2 = 1101659111424 B = 1101659111424 / 2^30 GiB = 1026 GiB
//   selective = 96 * 100663296 * 34 B = 328564998144 B = 306 GiB;  full = 96 * 100663296 * 2 B = 18 GiB
//   none_per_layer = 1026 GiB / 96 = 10.6875 GiB;  selective_savings = 80/114 = 40/57;  full_savings = 112/114 = 56/57
// With bytes_per_value = 1 byte every Information output halves: none = 513 GiB.
// Kinds (api_kinds.hpp): memory = 4 * 80 GiB = 320 GiB = 343597383680 B, doubled = [2, 4, 8] GiB,
// fits = 320 GiB <= 1024 GiB (true; with 16 chips 1280 GiB, false), summary = {memory: 80 GiB, tdp: 700 W}.
#include <mlsi/mlsi.hpp>

#include <algorithm>

#include <gtest/gtest.h>

#include "tests/unit/api_kinds.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"

namespace {

using mlsi_test::TempFile;

using mlsi_test::kGiB;

mlsi::api::RunRequest activation(int microbatch) {
  mlsi::api::RunRequest r;
  r.scenario = "ActivationMemory";
  r.set("microbatch", std::to_string(microbatch));
  return r;
}

TEST(Api, ActivationMemoryOutputsAreTyped) {
  mlsi::api::Session session;
  ASSERT_TRUE(session.ok()) << session.diagnostics().render();
  auto result = session.run(activation(4));
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  EXPECT_EQ(result.scenario, "ActivationMemory");
  ASSERT_EQ(result.outputs.size(), 6u);
  const auto* none = result.output("none");
  ASSERT_NE(none, nullptr);
  EXPECT_EQ(none->type, "Information");
  EXPECT_EQ(none->value.kind, mlsi::api::Value::Kind::quantity);
  EXPECT_EQ(none->value.si, 1101659111424.0);
  EXPECT_EQ(none->value.number, 1026.0);
  EXPECT_EQ(none->value.unit, "GiB");
  EXPECT_EQ(none->value.dimension, "Information");
  EXPECT_EQ(none->value.shown, "1026 GiB");
  EXPECT_EQ(result.output("selective")->value.si, 306 * kGiB);
  EXPECT_EQ(result.output("full")->value.si, 18 * kGiB);
  EXPECT_EQ(result.output("none_per_layer")->value.number, 10.6875);
  const auto& savings = result.output("selective_savings")->value;
  EXPECT_EQ(result.output("selective_savings")->type, "Count");
  EXPECT_EQ(savings.unit, "");
  EXPECT_EQ(savings.dimension, "Count");
  EXPECT_NEAR(savings.si, 40.0 / 57.0, 1e-15);
  EXPECT_NEAR(result.output("full_savings")->value.si, 56.0 / 57.0, 1e-15);
  // The inputs, the catalogue entry by its name.
  const auto* workload = result.input("workload");
  ASSERT_NE(workload, nullptr);
  EXPECT_EQ(workload->value.kind, mlsi::api::Value::Kind::entry);
  EXPECT_EQ(workload->value.text, "GPT3");
  EXPECT_EQ(workload->value.kind_name, "Workload");
  EXPECT_EQ(workload->type, "Workload");
  EXPECT_EQ(result.input("microbatch")->value.si, 4.0);
  EXPECT_EQ(result.input("bytes_per_value")->value.shown, "2 byte");
}

TEST(Api, ListRecordBoolAndTextOutputs) {
  TempFile file("api_kinds.mls", mlsi_test::kApiKinds);
  mlsi::api::Session session;
  mlsi::api::RunRequest request;
  request.file = file.path.string();
  request.scenario = "Kinds";
  auto result = session.run(request);
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  const auto& memory = result.output("memory")->value;
  EXPECT_EQ(memory.si, 343597383680.0);
  EXPECT_EQ(memory.number, 320.0);
  const auto& doubled = result.output("doubled")->value;
  EXPECT_EQ(result.output("doubled")->type, "List[Information]");
  ASSERT_EQ(doubled.kind, mlsi::api::Value::Kind::list);
  EXPECT_EQ(doubled.unit, "GiB");
  ASSERT_EQ(doubled.items.size(), 3u);
  for (std::size_t i = 0; i < 3; ++i) {
    double gib = 2.0 * static_cast<double>(1 << i);
    EXPECT_EQ(doubled.items[i].kind, mlsi::api::Value::Kind::quantity);
    EXPECT_EQ(doubled.items[i].number, gib);
    EXPECT_EQ(doubled.items[i].si, gib * kGiB);
    EXPECT_EQ(doubled.items[i].unit, "GiB");
  }
  EXPECT_EQ(doubled.shown, "[2, 4, 8] GiB");
  const auto& fits = result.output("fits")->value;
  EXPECT_EQ(result.output("fits")->type, "Bool");
  EXPECT_EQ(fits.kind, mlsi::api::Value::Kind::boolean);
  EXPECT_TRUE(fits.boolean);
  const auto& summary = result.output("summary")->value;
  ASSERT_EQ(summary.kind, mlsi::api::Value::Kind::record);
  ASSERT_EQ(summary.fields.size(), 2u);
  ASSERT_NE(summary.field("memory"), nullptr);
  EXPECT_EQ(summary.field("memory")->value.si, 80 * kGiB);
  EXPECT_EQ(summary.field("memory")->value.unit, "GiB");
  EXPECT_EQ(summary.field("tdp")->value.si, 700.0);
  EXPECT_EQ(summary.field("tdp")->value.dimension, "Power");
  EXPECT_EQ(summary.field("nope"), nullptr);
  EXPECT_EQ(summary.shown, "{memory: 80 GiB, tdp: 700 W}");
  const auto& name = result.output("name")->value;
  EXPECT_EQ(name.kind, mlsi::api::Value::Kind::text);
  EXPECT_EQ(name.text, "NVIDIA H100 SXM5");

  request.set("chips", "16");
  EXPECT_FALSE(session.run(request).output("fits")->value.boolean);
}

TEST(Api, InputsAsQuantitiesAndAsTextAgree) {
  mlsi::api::Session session;
  mlsi::api::RunRequest text = activation(4);
  text.set("bytes_per_value", "1 byte");
  mlsi::api::RunRequest quantity;
  quantity.scenario = "ActivationMemory";
  quantity.set("microbatch", 4.0, "");
  quantity.set("bytes_per_value", 1.0, "byte");
  auto a = session.run(text);
  auto b = session.run(quantity);
  ASSERT_TRUE(a.ok && b.ok) << a.diagnostics.render() << b.diagnostics.render();
  EXPECT_EQ(a.output("none")->value.si, 513 * kGiB);
  ASSERT_EQ(a.outputs.size(), b.outputs.size());
  for (std::size_t i = 0; i < a.outputs.size(); ++i) {
    EXPECT_EQ(a.outputs[i].name, b.outputs[i].name);
    EXPECT_EQ(a.outputs[i].value.si, b.outputs[i].value.si);
    EXPECT_EQ(a.outputs[i].value.shown, b.outputs[i].value.shown);
  }
  // A value in another unit of the dimension: 8 bit is 1 byte.
  mlsi::api::RunRequest bits = activation(4);
  bits.set("bytes_per_value", 8.0, "bit");
  EXPECT_EQ(session.run(bits).output("none")->value.si, 513 * kGiB);
  // A config first, then the inputs: gpt2_b8 sets microbatch 8, the input then 4.
  mlsi::api::RunRequest config = activation(4);
  config.config = "gpt2_b8";
  auto c = session.run(config);
  ASSERT_TRUE(c.ok) << c.diagnostics.render();
  EXPECT_EQ(c.config, "gpt2_b8");
  EXPECT_EQ(c.input("microbatch")->value.si, 4.0);
  EXPECT_EQ(c.input("workload")->value.text, "GPT2");
}

TEST(Api, UnknownInputIsAStructuredDiagnostic) {
  mlsi::api::Session session(mlsi_test::command_line_options());
  mlsi::api::RunRequest request;
  request.scenario = "ActivationMemory";
  request.set("microbatchh", "4");
  auto result = session.run(request);
  EXPECT_FALSE(result.ok);
  ASSERT_EQ(result.diagnostics.size(), 1u);
  const auto& d = result.diagnostics[0];
  EXPECT_EQ(d.severity, mlsi::api::Severity::error);
  EXPECT_EQ(d.message, "scenario `ActivationMemory` has no input `microbatchh`");
  EXPECT_EQ(d.location.file, "--set");
  EXPECT_EQ(d.location.line, 1u);
  EXPECT_EQ(d.location.column, 1u);
  EXPECT_EQ(d.location.end_line, 1u);
  EXPECT_EQ(d.location.end_column, 12u);  // just past `microbatchh`, 11 bytes
  ASSERT_EQ(d.notes.size(), 2u);
  EXPECT_EQ(d.notes[0].message, "did you mean `microbatch`?");
  EXPECT_FALSE(d.notes[0].location.known());
  EXPECT_EQ(d.notes[1].message, "its inputs are: workload, microbatch, seq_len, bytes_per_value");
  // Rendered, exactly what the command line prints.
  auto cli = mlsi_test::mlsi({"run", "ActivationMemory", "--set", "microbatchh=4"});
  EXPECT_EQ(result.diagnostics.render(), cli.err);
  EXPECT_EQ(result.diagnostics.render_one(0), cli.err);
}

// A setting's origin is what its diagnostics call its text (the Python module's keyword); empty: what
// the caller calls `set` (the command line: --set).
TEST(Api, AnInputsOriginNamesItsText) {
  mlsi::api::Session session(mlsi_test::command_line_options());
  mlsi::api::RunRequest request;
  request.scenario = "ActivationMemory";
  request.set("microbatch", "4 GB");
  request.inputs.back().origin = "microbatch=";
  auto result = session.run(request);
  ASSERT_FALSE(result.ok);
  ASSERT_EQ(result.diagnostics.size(), 1u);
  EXPECT_EQ(result.diagnostics[0].location.file, "microbatch=");
  EXPECT_EQ(result.diagnostics.render(),
            "microbatch=:1:12: error: input `microbatch` expects Count, found Information\n"
            " 1 | microbatch=4 GB\n"
            "   |            ^~~~\n");
  // The same mistake on the command line, and through the API in its words without an origin, says --set.
  std::string cli = mlsi_test::mlsi({"run", "ActivationMemory", "--set", "microbatch=4 GB"}).err;
  EXPECT_EQ(cli.rfind("--set:1:12: error: input `microbatch` expects Count, found Information\n", 0), 0u) << cli;
  request.inputs.back().origin.clear();
  EXPECT_EQ(session.run(request).diagnostics.render(), cli);
  // A runner reads the origin too, and an explanation gives it as the input's origin.
  mlsi::api::RunRequest good;
  good.scenario = "ActivationMemory";
  good.set("microbatch", 4.0, "");
  good.inputs.back().origin = "microbatch=";
  auto x = session.explain(good);
  ASSERT_TRUE(x.ok);
  EXPECT_NE(x.text.find("microbatch = 4                      microbatch=\n"), std::string::npos) << x.text;
}

TEST(Api, SourceAndEvaluationErrorsHaveLocations) {
  TempFile file("api_bad.mls", "scenario Bad {\n  output x = 1 GiB + 2 s\n}\n");
  mlsi::api::Session session(mlsi_test::command_line_options());
  mlsi::api::RunRequest request;
  request.file = file.path.string();
  auto bad = session.run(request);
  EXPECT_FALSE(bad.ok);
  ASSERT_FALSE(bad.diagnostics.empty());
  EXPECT_EQ(bad.diagnostics[0].location.file, file.path.string());
  EXPECT_EQ(bad.diagnostics[0].location.line, 2u);
  EXPECT_EQ(bad.diagnostics.render(), mlsi_test::mlsi({"run", file.path.string()}).err);
  // A `where` that fails at run time: one error at the clause, and no values.
  auto zero = session.run(activation(0));
  EXPECT_FALSE(zero.ok);
  EXPECT_TRUE(zero.outputs.empty());
  ASSERT_EQ(zero.diagnostics.size(), 1u);
  EXPECT_EQ(zero.diagnostics[0].location.file, "<builtin>/scenarios/training/activation_memory.mls");
  EXPECT_EQ(zero.diagnostics[0].location.line, 17u);  // activation_memory.mls: `input microbatch ... where`
  EXPECT_EQ(zero.diagnostics[0].location.column, 37u);
  EXPECT_EQ(zero.diagnostics.render(), mlsi_test::mlsi({"run", "ActivationMemory", "--set", "microbatch=0"}).err);
  // No such scenario, config: a diagnostic without a place.
  mlsi::api::RunRequest unknown;
  unknown.scenario = "ActivationMemory";
  unknown.config = "nope";
  auto no_config = session.run(unknown);
  ASSERT_EQ(no_config.diagnostics.size(), 1u);
  EXPECT_EQ(no_config.diagnostics[0].message, "scenario `ActivationMemory` has no config `nope`");
  EXPECT_FALSE(no_config.diagnostics[0].location.known());
}

TEST(Api, LimitsAreHonoured) {
  mlsi::api::SessionOptions options = mlsi_test::command_line_options();
  options.limits.max_steps = 10;
  auto steps = mlsi::api::Session(options).run(activation(4));
  EXPECT_FALSE(steps.ok);
  EXPECT_EQ(steps.diagnostics.render(), mlsi_test::mlsi({"run", "ActivationMemory", "--set", "microbatch=4", "--max-steps", "10"}).err);

  TempFile file("api_size.mls", mlsi_test::kApiKinds);
  mlsi::api::SessionOptions small;
  small.limits.max_file_size = 100;
  small.files.push_back(file.path.string());
  mlsi::api::Session opened(small);
  EXPECT_FALSE(opened.ok());
  ASSERT_EQ(opened.diagnostics().size(), 1u);
  // The command line says it as a usage error: `error: MESSAGE` and a line of help.
  auto cli = mlsi_test::mlsi({"run", file.path.string(), "--max-file-size", "100"});
  EXPECT_EQ("error: " + opened.diagnostics()[0].message + "\nrun `mlsi --help` for usage\n", cli.err);
  EXPECT_FALSE(opened.run(activation(4)).ok);

  // Nested calls: docs/language.md's endless recursion stops at --max-depth.
  TempFile deep_file("api_deep.mls", "fn forever(n: Count) -> Count = forever(n + 1)\n\nscenario Deep {\n  output x = forever(1)\n}\n");
  mlsi::api::SessionOptions shallow = mlsi_test::command_line_options();
  shallow.limits.max_call_depth = 5;
  mlsi::api::RunRequest deep_request;
  deep_request.file = deep_file.path.string();
  auto deep = mlsi::api::Session(shallow).run(deep_request);
  EXPECT_FALSE(deep.ok);
  EXPECT_EQ(deep.diagnostics.render(), mlsi_test::mlsi({"run", deep_file.path.string(), "--max-depth", "5"}).err);
}

TEST(Api, ExplanationIsTheCommandLines) {
  mlsi::api::Session session(mlsi_test::command_line_options());
  auto x = session.explain(activation(4));
  ASSERT_TRUE(x.ok) << x.diagnostics.render();
  EXPECT_EQ(x.text, mlsi_test::mlsi({"run", "ActivationMemory", "--set", "microbatch=4", "--explain"}).out);
  EXPECT_EQ(x.json, mlsi_test::mlsi({"run", "ActivationMemory", "--set", "microbatch=4", "--explain", "--format", "json"}).out);
  ASSERT_EQ(x.outputs.size(), 6u);
  const auto& none = x.outputs[0];
  EXPECT_EQ(none.kind, mlsi::api::ExplainNode::Kind::output);
  EXPECT_EQ(none.name, "none");
  EXPECT_EQ(none.value, "1026 GiB");
  // As written in scenarios/training/activation_memory.mls, with its display unit.
  EXPECT_EQ(none.formula, "L * sbh * (kept_per_sbh + attention_coefficient * a * s / h) * bytes_per_value / paper_value_width -> GiB");
  // It rests on the GPT3 entry, through L, h and a.
  bool gpt3 = false;
  for (const auto& d : none.depends_on) gpt3 = gpt3 || (d.kind == mlsi::api::Provenance::Kind::catalogue && d.name == "GPT3");
  EXPECT_TRUE(gpt3);
  ASSERT_FALSE(none.terms.empty());
  EXPECT_EQ(none.terms[0].name, "L");
  EXPECT_EQ(none.terms[0].value, "96");
}

}  // namespace

namespace {

// The session's files' scenarios (Kinds, Grid) come first, then the built-in ones of both packs (README).
TEST(Api, ScenariosOfTheFilesThenTheBuiltInOnes) {
  TempFile file("api_scenarios.mls", mlsi_test::kApiKinds);
  mlsi::api::SessionOptions options;
  options.files.push_back(file.path.string());
  auto names = mlsi::api::Session(options).scenarios();
  ASSERT_EQ(names.size(), 2u + 77u);  // 57 training, 8 serving, 8 systems and 4 planner scenarios
  EXPECT_EQ(names[0], "Kinds");
  EXPECT_EQ(names[1], "Grid");
  EXPECT_NE(std::find(names.begin(), names.end(), "ActivationMemory"), names.end());
}

}  // namespace
