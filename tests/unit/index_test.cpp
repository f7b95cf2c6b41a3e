// The editor's index of a document (interpreter/index/): diagnostics with the evaluation of scenarios and
// expectations, definitions and references from what the checker resolved, hovers, completion, outline,
// value hints and lenses.
//
// The values expected here are computed by hand from the catalogue's Llama2_70B (80 layers, hidden_dim
// 8192, 64 heads, 8 KV heads, stdlib/catalogue/workloads/language.toml): head_dim = 8192 / 64 = 128;
// per_token = 2 * 80 * 8 * 128 * 2 byte = 327680 byte = 320 KiB; total at batch 8, context 4096 =
// 327680 * 8 * 4096 byte = 10737418240 byte = 10 GiB; at batch 1, context 131072: 40 GiB.
#include <gtest/gtest.h>

#include <algorithm>

#include "index/analysis.hpp"
#include "index/completion.hpp"
#include "index/hover.hpp"
#include "index/outline.hpp"
#include "test_support.hpp"

namespace {

using namespace mlsi;
using namespace mlsi::index;

const char* const kKvCache = R"(## Key-value cache of `workload` while serving `batch` sequences.
scenario KvCache {
  ## The served model.
  input workload: Workload = Llama2_70B
  input batch: Count = 8 where batch >= 1
  input context: Count = 4096 where context >= 1
  input bytes_per_value: Information = 2 byte

  let head_dim = workload.hidden_dim / workload.heads

  output per_token: Information = 2 * workload.layers * workload.kv_heads * head_dim * bytes_per_value -> KiB
  output total = per_token * batch * context -> GiB
}

config long_context for KvCache {
  batch = 1
  context = 131072
  expect total == 40 GiB within 0.01%
}
)";

std::uint32_t index_offset_of(const std::string& text, const std::string& needle, std::size_t nth = 0) {
  std::size_t at = text.find(needle);
  for (std::size_t i = 0; i < nth && at != std::string::npos; ++i) at = text.find(needle, at + 1);
  EXPECT_NE(at, std::string::npos) << needle;
  return static_cast<std::uint32_t>(at);
}

std::vector<std::string> index_messages(const Analysis& a) {
  std::vector<std::string> out;
  for (const auto& d : a.diagnostics().list()) out.push_back(d.message);
  return out;
}

std::vector<std::string> completion_labels(const Completion& c) {
  std::vector<std::string> out;
  for (const auto& i : c.items) out.push_back(i.label);
  return out;
}

bool has_label(const std::vector<std::string>& v, const std::string& x) { return std::find(v.begin(), v.end(), x) != v.end(); }

TEST(Index, CorrectScenarioHasNoDiagnosticsAndItsValues) {
  Analysis a("kv.mls", kKvCache);
  EXPECT_TRUE(a.diagnostics().list().empty()) << testing::PrintToString(index_messages(a));
  ASSERT_EQ(a.runs().size(), 2u);  // the defaults, the config
  const Scenario* s = a.program().find_scenario("KvCache");
  ASSERT_NE(s, nullptr);
  const RunValues* defaults = a.defaults_of(a.program().find_scenario_index("KvCache"));
  ASSERT_NE(defaults, nullptr);
  ASSERT_TRUE(defaults->evaluated);
  EXPECT_EQ(defaults->slots[static_cast<std::size_t>(s->find_slot("per_token"))].text, "320 KiB");
  EXPECT_EQ(defaults->slots[static_cast<std::size_t>(s->find_slot("total"))].text, "10 GiB");
  ASSERT_EQ(a.expectations().size(), 1u);
  EXPECT_TRUE(a.expectations()[0].passed);
  EXPECT_EQ(a.expectations()[0].computed, "40 GiB");
}

TEST(Index, ReferencesAndDefinitionOfAnInput) {
  std::string text = kKvCache;
  Analysis a("kv.mls", text);
  // `batch` in the formula of `total`.
  const Occurrence* o = a.symbols().at(a.file(), index_offset_of(text, "batch * context") + 2);
  ASSERT_NE(o, nullptr);
  EXPECT_EQ(o->target.kind, SymbolKind::input);
  EXPECT_EQ(o->target.name, "batch");
  EXPECT_EQ(o->target.definition.begin, index_offset_of(text, "batch: Count"));
  auto refs = a.symbols().references(o->target, true);
  // Its declaration, its `where`, the formula of `total`, the config's setting.
  ASSERT_EQ(refs.size(), 4u);
  EXPECT_TRUE(refs[0]->declaration);
  EXPECT_EQ(refs[1]->span.begin, index_offset_of(text, "batch >= 1"));
  EXPECT_EQ(refs[2]->span.begin, index_offset_of(text, "batch * context"));
  EXPECT_EQ(refs[3]->span.begin, index_offset_of(text, "batch = 1"));
  EXPECT_EQ(a.symbols().references(o->target, false).size(), 3u);
}

TEST(Index, DefinitionsReachTheCatalogueAndThePrelude) {
  std::string text = kKvCache;
  Analysis a("kv.mls", text);
  const Occurrence* entry = a.symbols().at(a.file(), index_offset_of(text, "Llama2_70B"));
  ASSERT_NE(entry, nullptr);
  EXPECT_EQ(entry->target.kind, SymbolKind::catalogue_entry);
  ASSERT_TRUE(entry->target.definition.valid());
  EXPECT_EQ(a.program().sources.file(entry->target.definition.file).name, "<catalogue>/workloads/language.toml");
  const Occurrence* field = a.symbols().at(a.file(), index_offset_of(text, "layers"));
  ASSERT_NE(field, nullptr);
  EXPECT_EQ(field->target.kind, SymbolKind::field);
  EXPECT_EQ(field->target.key, "field:Workload.layers");
  // `workload` is the input, not an entry: the field's definition is not known without the entry.
  const Occurrence* unit = a.symbols().at(a.file(), index_offset_of(text, "GiB\n"));
  ASSERT_NE(unit, nullptr);
  EXPECT_EQ(unit->target.kind, SymbolKind::unit);
  ASSERT_TRUE(unit->target.definition.valid());
  EXPECT_EQ(a.program().sources.file(unit->target.definition.file).name.rfind("<prelude>/", 0), 0u);
  const Occurrence* dim = a.symbols().at(a.file(), index_offset_of(text, "Information"));
  ASSERT_NE(dim, nullptr);
  EXPECT_EQ(dim->target.kind, SymbolKind::dimension);
}

TEST(Index, HoverShowsTypeDocAndValues) {
  std::string text = kKvCache;
  Analysis a("kv.mls", text);
  auto input = hover_at(a, a.file(), index_offset_of(text, "workload: Workload"));
  ASSERT_TRUE(input);
  EXPECT_EQ(input->markdown,
            "```mls\ninput workload: Workload = Llama2_70B\n```\n\ninput of `KvCache`: Workload\n\nThe served model.\n\n"
            "at the defaults: `Llama2_70B`\n");
  auto output = hover_at(a, a.file(), index_offset_of(text, "total ="));
  ASSERT_TRUE(output);
  EXPECT_EQ(output->markdown,
            "```mls\noutput total = per_token * batch * context -> GiB\n```\n\noutput of `KvCache`: Information (SI unit `byte`)\n\n"
            "at the defaults: `10 GiB`\n");
  // In the config, the value there first.
  auto in_config = hover_at(a, a.file(), index_offset_of(text, "total == 40"));
  ASSERT_TRUE(in_config);
  EXPECT_CONTAINS(in_config->markdown, "in config `long_context`: `40 GiB`\n\nat the defaults: `10 GiB`\n");
  auto entry = hover_at(a, a.file(), index_offset_of(text, "Llama2_70B"));
  ASSERT_TRUE(entry);
  EXPECT_CONTAINS(entry->markdown, "Touvron et al. 2023");
  auto unit = hover_at(a, a.file(), index_offset_of(text, "KiB"));
  ASSERT_TRUE(unit);
  EXPECT_CONTAINS(unit->markdown, "unit KiB: Information");
  EXPECT_CONTAINS(unit->markdown, "1 KiB = 1024 byte");
}

// A prelude function's hover is its signature and its `##` documentation, which names its source
// (stdlib/prelude/functions.mls): the formulas of the textbook's library read as the older functions do.
TEST(Index, HoverOnAPreludeFunctionShowsItsSignatureAndSource) {
  std::string text = "scenario R {\n  output t = roofline_time(16 GFLOP, 16 GB, H100.peak_flops, H100.memory_bandwidth)\n}\n";
  Analysis a("r.mls", text);
  auto fn = hover_at(a, a.file(), index_offset_of(text, "roofline_time"));
  ASSERT_TRUE(fn);
  EXPECT_CONTAINS(fn->markdown,
                  "fn roofline_time(work: Compute, traffic: Information, peak: Compute / Time, bandwidth: Information / Time) -> Time");
  EXPECT_CONTAINS(fn->markdown, "Williams, Waterman & Patterson 2009");
  EXPECT_CONTAINS(fn->markdown, "mlsysim physics/performance.py, calc_bottleneck");
}

TEST(Index, DimensionErrorHasTheOtherSideAsALabel) {
  std::string text = "scenario S {\n  input a: Information = 1 byte\n  input t: Time = 1 s\n  output x = a + t\n}\n";
  Analysis a("s.mls", text);
  ASSERT_EQ(a.diagnostics().size(), 1u) << testing::PrintToString(index_messages(a));
  const Diagnostic& d = a.diagnostics().list()[0];
  EXPECT_EQ(d.severity, Severity::error);
  EXPECT_EQ(d.message, "cannot add Information and Time");
  EXPECT_TRUE(a.runs().empty());  // nothing is evaluated in a file with errors
}

TEST(Index, MisspeltFieldSuggestsTheField) {
  std::string text = "scenario S {\n  input w: Workload = GPT3\n  output l = w.layerz\n}\n";
  Analysis a("s.mls", text);
  ASSERT_EQ(a.diagnostics().size(), 1u) << testing::PrintToString(index_messages(a));
  const Diagnostic& d = a.diagnostics().list()[0];
  EXPECT_EQ(d.message, "Workload has no field `layerz`");
  ASSERT_FALSE(d.notes.empty());
  EXPECT_EQ(d.notes[0], "did you mean `layers`?");
  EXPECT_EQ(d.span.begin, index_offset_of(text, "layerz"));
}

TEST(Index, FailingExpectationIsAnErrorAtTheExpect) {
  std::string text = std::string(kKvCache);
  text.replace(text.find("40 GiB within 0.01%"), 19, "20 GiB within 0.01%");
  Analysis a("kv.mls", text);
  ASSERT_EQ(a.diagnostics().size(), 1u) << testing::PrintToString(index_messages(a));
  const Diagnostic& d = a.diagnostics().list()[0];
  // |40 - 20| / 20 = 100%.
  EXPECT_EQ(d.message, "`total` expected 20 GiB within 0.01%, computed 40 GiB (relative error 100%)");
  EXPECT_EQ(d.span.begin, index_offset_of(text, "expect total"));
  ASSERT_EQ(a.expectations().size(), 1u);
  EXPECT_FALSE(a.expectations()[0].passed);
  auto hints = value_hints(a);
  ASSERT_EQ(hints.size(), 3u);  // per_token, total, the expectation
  EXPECT_EQ(hints[0].label, "= 320 KiB");
  EXPECT_EQ(hints[1].label, "= 10 GiB");
  EXPECT_EQ(hints[2].label, "computed 40 GiB ✗");
  EXPECT_TRUE(hints[2].failed);
  EXPECT_EQ(hints[2].offset, index_offset_of(text, " within 0.01%"));
  auto lenses = run_lenses(a);
  ASSERT_EQ(lenses.size(), 3u);
  EXPECT_EQ(lenses[0].title, "▶ run");
  EXPECT_EQ(lenses[2].title, "✗ test: 1 of 1 failed");
  EXPECT_TRUE(lenses[2].test);
}

TEST(Index, SlowEvaluationIsStoppedAndSaid) {
  std::string text = "scenario Slow {\n  input n: Count = 5000000\n  output s = sum(range(n))\n}\n";
  AnalysisOptions options;
  options.limits.max_steps = 1000000;
  Analysis a("slow.mls", text, options);
  ASSERT_EQ(a.diagnostics().size(), 1u) << testing::PrintToString(index_messages(a));
  const Diagnostic& d = a.diagnostics().list()[0];
  EXPECT_EQ(d.severity, Severity::warning);
  EXPECT_EQ(d.message, "evaluation stopped after 1000000 steps");
  EXPECT_EQ(d.notes.back(), "at the defaults of `Slow`");
  // And by time: 2 ms for an evaluation (the sum of five million entries takes longer).
  AnalysisOptions quick;
  quick.limits.max_milliseconds = 2;
  quick.limits.max_steps = 10'000'000'000ULL;
  Analysis b("slow.mls", text, quick);
  ASSERT_EQ(b.diagnostics().size(), 1u) << testing::PrintToString(index_messages(b));
  EXPECT_EQ(b.diagnostics().list()[0].message, "evaluation stopped after 2 ms");
}

TEST(Index, CompletionOfFieldsUnitsEntriesAndCases) {
  std::string text = kKvCache;
  // After `workload.`: the fields of a Workload.
  std::uint32_t dot = index_offset_of(text, "hidden_dim");
  Completion fields = complete_at("kv.mls", text, dot, {});
  EXPECT_EQ(fields.replace_begin, dot);
  EXPECT_EQ(fields.replace_end, dot + 10);
  auto f = completion_labels(fields);
  EXPECT_TRUE(has_label(f, "layers") && has_label(f, "kv_heads") && has_label(f, "hidden_dim")) << testing::PrintToString(f);
  EXPECT_FALSE(has_label(f, "KvCache"));
  // After `2 ` in an input of Information: units of Information only.
  std::uint32_t unit = index_offset_of(text, "byte\n");
  auto u = completion_labels(complete_at("kv.mls", text, unit, {}));
  EXPECT_TRUE(has_label(u, "byte") && has_label(u, "GiB") && has_label(u, "KiB") && has_label(u, "TB")) << testing::PrintToString(u);
  EXPECT_FALSE(has_label(u, "s"));
  EXPECT_FALSE(has_label(u, "W"));
  // After `->`: the units of the value's dimension (Information, from `per_token * batch * context`).
  auto converted = completion_labels(complete_at("kv.mls", text, index_offset_of(text, "GiB\n}"), {}));
  EXPECT_TRUE(has_label(converted, "GiB") && has_label(converted, "MB")) << testing::PrintToString(converted);
  EXPECT_FALSE(has_label(converted, "ms"));
  // The default of a Workload input: workloads, not hardware.
  auto e = completion_labels(complete_at("kv.mls", text, index_offset_of(text, "Llama2_70B"), {}));
  EXPECT_TRUE(has_label(e, "GPT3") && has_label(e, "Llama2_70B")) << testing::PrintToString(e);
  EXPECT_FALSE(has_label(e, "H100"));
  // A blank line of the config: the inputs it does not set yet, and `expect`.
  std::string config = text;
  std::uint32_t blank = index_offset_of(config, "  expect total");
  config.insert(blank, "  \n");
  auto c = completion_labels(complete_at("kv.mls", config, blank + 2, {}));
  EXPECT_EQ(c, (std::vector<std::string>{"workload", "bytes_per_value", "expect"}));
  // After `expect `: the outputs.
  std::uint32_t after_expect = index_offset_of(text, "total == 40");
  auto o = completion_labels(complete_at("kv.mls", text, after_expect, {}));
  EXPECT_EQ(o, (std::vector<std::string>{"per_token", "total"}));
  // The arms of a match: the enumeration's cases.
  std::string m = "scenario M {\n  input p: one of fp16 | fp8 = fp8\n  output b = match p {\n    fp16 => 2\n    \n  }\n}\n";
  auto cases = completion_labels(complete_at("m.mls", m, index_offset_of(m, "    \n") + 4, {}));
  EXPECT_EQ(cases, (std::vector<std::string>{"fp16", "fp8", "_"}));
}

TEST(Index, OutlineOfScenarioAndConfig) {
  Analysis a("kv.mls", kKvCache);
  auto items = outline(a);
  ASSERT_EQ(items.size(), 2u);
  EXPECT_EQ(items[0].name, "KvCache");
  ASSERT_EQ(items[0].children.size(), 7u);
  EXPECT_EQ(items[0].children[0].name, "workload");
  EXPECT_EQ(items[0].children[0].detail, "Workload");
  EXPECT_EQ(items[0].children[6].name, "total");
  EXPECT_EQ(items[0].children[6].kind, SymbolKind::output);
  EXPECT_EQ(items[1].name, "long_context");
  EXPECT_EQ(items[1].detail, "for KvCache");
  ASSERT_EQ(items[1].children.size(), 3u);
}

TEST(Index, NamesAreRecordedOnlyForAnIndex) {
  ProgramSession s;
  s.load_text("a.mls", "let x = 2\nlet y = x * 3\n");
  s.check();
  EXPECT_EQ(s.program().uses, nullptr);
}

}  // namespace
