// The built-in catalogue read on demand (ProgramSessionOptions::read_on_demand) gives the same entries as the
// eager read of every file, and reads only what is looked up.
#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "catalogue/catalogue_loader.hpp"
#include "source/diagnostics.hpp"
#include "source/embedded.hpp"
#include "eval/evaluator.hpp"
#include "session/inputs.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi::Value;

// Structural equality: same numbers (bit for bit), texts, booleans, lists and records.
bool same(const Value& a, const Value& b) {
  if (a.v.index() != b.v.index()) return false;
  if (a.is_number()) return a.number() == b.number();
  if (std::holds_alternative<bool>(a.v)) return a.boolean() == b.boolean();
  if (std::holds_alternative<std::string>(a.v)) return a.text() == b.text();
  if (a.is_list()) {
    if (a.list().size() != b.list().size()) return false;
    for (std::size_t i = 0; i < a.list().size(); ++i)
      if (!same(a.list()[i], b.list()[i])) return false;
    return true;
  }
  if (std::holds_alternative<mlsi::EnumValue>(a.v)) return a.enumeration().index == b.enumeration().index;
  const auto& ra = a.record();
  const auto& rb = b.record();
  if (ra.key != rb.key || ra.type->name != rb.type->name || ra.fields.size() != rb.fields.size()) return false;
  for (std::size_t i = 0; i < ra.fields.size(); ++i) {
    if (ra.fields[i].has_value() != rb.fields[i].has_value()) return false;
    if (ra.fields[i] && !same(*ra.fields[i], *rb.fields[i])) return false;
  }
  return true;
}

std::string where(mlsi::ProgramSession& s, mlsi::Span span) {
  auto lc = s.program().sources.line_col(span.file, span.begin);
  return s.program().sources.file(span.file).name + ":" + std::to_string(lc.line) + ":" + std::to_string(lc.col) + "+" +
         std::to_string(span.end - span.begin);
}

mlsi::ProgramSessionOptions lazy() {
  mlsi::ProgramSessionOptions o;
  o.read_on_demand = true;
  return o;
}

TEST(CatalogueOnDemand, SectionsNameEveryEntryOfEachBuiltinFile) {
  mlsi::ProgramSession eager;
  ASSERT_FALSE(eager.diagnostics().has_errors());
  std::map<std::string, std::set<std::string>> by_file;  // names the full TOML read gives, per file
  for (const auto& e : eager.program().catalogue.entries) {
    auto& names = by_file[eager.program().sources.file(e.span.file).name];
    names.insert(e.key);
    names.insert(e.aliases.begin(), e.aliases.end());
  }
  std::size_t files = 0;
  for (const auto& f : mlsi::embedded_files()) {
    if (f.path.rfind("stdlib/catalogue/", 0) != 0) continue;
    ++files;
    std::set<std::string> scanned;
    std::size_t previous_end = 0;
    for (const auto& section : mlsi::catalogue_sections(f.text)) {
      scanned.insert(section.names.begin(), section.names.end());
      EXPECT_LE(previous_end, section.begin) << f.path;  // sections follow each other
      EXPECT_LT(section.begin, section.end) << f.path;
      previous_end = section.end;
    }
    EXPECT_EQ(scanned, by_file["<catalogue>/" + std::string(f.path.substr(17))]) << f.path;
  }
  EXPECT_EQ(files, by_file.size());
}

// The build's index of the embedded catalogue files (cmake/embed.cmake), which a start reads instead of
// scanning them, is what the scan finds: the same entries, names in the same order, the same offsets.
TEST(CatalogueOnDemand, BuildIndexIsTheScan) {
  std::size_t files = 0, entries = 0;
  for (const auto& f : mlsi::embedded_files()) {
    if (f.path.rfind("stdlib/catalogue/", 0) != 0) {
      EXPECT_TRUE(f.catalogue_entries.empty()) << f.path;
      continue;
    }
    ++files;
    auto scanned = mlsi::catalogue_sections(f.text);
    ASSERT_EQ(f.catalogue_entries.size(), scanned.size()) << f.path;
    for (std::size_t i = 0; i < scanned.size(); ++i) {
      const auto& indexed = f.catalogue_entries[i];
      EXPECT_EQ(std::vector<std::string>(indexed.names.begin(), indexed.names.end()), scanned[i].names) << f.path << " entry " << i;
      EXPECT_EQ(indexed.begin, scanned[i].begin) << f.path << " entry " << i;
      EXPECT_EQ(indexed.end, scanned[i].end) << f.path << " entry " << i;
    }
    entries += scanned.size();
  }
  EXPECT_EQ(files, 24u);  // stdlib/catalogue/*/*.toml
  EXPECT_EQ(entries, 179u);  // as EveryEntryIsTheSameAsTheEagerRead counts them
}

TEST(CatalogueOnDemand, SectionsOfAHandWrittenFile) {
  const char* text =
      "# comment\n"
      "[Hardware.A]  # the first\n"
      "aliases = [\"A1\", \"A_2\"]\n"
      "[Hardware.A.flops]\n"
      "fp16 = \"1 TFLOP/s\"\n"
      "[[Hardware.A.mig_profiles]]\n"
      "name = \"x\"\n"
      "\n"
      "[Workload.B]\n"
      "layers = 2\n";
  auto sections = mlsi::catalogue_sections(text);
  ASSERT_EQ(sections.size(), 2u);
  EXPECT_EQ(sections[0].names, (std::vector<std::string>{"A", "A1", "A_2"}));
  EXPECT_EQ(sections[1].names, (std::vector<std::string>{"B"}));
  std::string_view all(text);
  EXPECT_EQ(all.substr(sections[0].begin, 5), "[Hard");
  EXPECT_EQ(sections[0].end, sections[1].begin);
  EXPECT_EQ(all.substr(sections[1].begin), "[Workload.B]\nlayers = 2\n");
  EXPECT_EQ(sections[1].end, all.size());
}

TEST(CatalogueOnDemand, EveryEntryIsTheSameAsTheEagerRead) {
  mlsi::ProgramSession eager;
  mlsi::ProgramSession on_demand(lazy());
  const auto& all = eager.program().catalogue;
  ASSERT_EQ(all.entries.size(), 179u);  // 143, the fleets Training_1K_A100, SuperPOD_A100, SuperPOD_H100, and A100_40GB, OPT_13B,
                                        // H800, DGX_A100_40GB, HGX_H800, DGX1_V100, DGX2_V100, H100_PCIe, L40S, L4, A10G;
                                        // and 22 of issue #44: MI325X, TPUv5e, the 10 of workloads/open_weights.toml,
                                        // HGX_H100, Kempner_H100_4GPU, Lab_64_H100, Training_512_H100, Kempner_H100_384,
                                        // OpenXEmbodiment, DROID, BridgeDataV2, ALOHA_Bimanual, Data2024
  for (const auto& [name, index] : all.names) {
    const auto& want = all.entries[static_cast<std::size_t>(index)];
    const auto* got = on_demand.program().catalogue.find(name);
    ASSERT_NE(got, nullptr) << name;
    EXPECT_EQ(got->key, want.key);
    EXPECT_EQ(got->kind, want.kind);
    EXPECT_EQ(got->aliases, want.aliases);
    EXPECT_EQ(got->builtin, want.builtin);
    EXPECT_EQ(where(on_demand, got->span), where(eager, want.span)) << name;
    ASSERT_EQ(got->field_spans.size(), want.field_spans.size());
    for (std::size_t i = 0; i < want.field_spans.size(); ++i) {
      EXPECT_EQ(got->field_spans[i].valid(), want.field_spans[i].valid()) << name << " field " << i;
      if (want.field_spans[i].valid()) {
        EXPECT_EQ(where(on_demand, got->field_spans[i]), where(eager, want.field_spans[i]));
      }
    }
    ASSERT_EQ(got->units.size(), want.units.size());
    for (std::size_t i = 0; i < want.units.size(); ++i) {
      EXPECT_EQ(got->units[i].text, want.units[i].text);
      EXPECT_EQ(got->units[i].factor, want.units[i].factor);
    }
    EXPECT_TRUE(same(got->value, want.value)) << name;
  }
  EXPECT_FALSE(on_demand.diagnostics().has_errors());
  EXPECT_EQ(on_demand.diagnostics().size(), 0u);
  EXPECT_EQ(on_demand.program().catalogue.all_names(), all.all_names());
}

TEST(CatalogueOnDemand, ReadsOnlyTheEntriesLookedUpAndThoseTheyReferTo) {
  mlsi::ProgramSession s(lazy());
  auto& cat = s.program().catalogue;
  EXPECT_TRUE(cat.entries.empty());
  ASSERT_NE(cat.find("GPT3"), nullptr);
  EXPECT_EQ(cat.entries.size(), 1u);  // a workload refers to nothing
  EXPECT_EQ(cat.find("NoSuchEntry"), nullptr);
  EXPECT_EQ(cat.entries.size(), 1u);
  // A node names its accelerator: reading the node reads that Hardware entry too.
  mlsi::ProgramSession eager;
  const auto* node = eager.program().catalogue.find("DGX_H100");
  ASSERT_NE(node, nullptr);
  ASSERT_NE(cat.find("DGX_H100"), nullptr);
  EXPECT_EQ(cat.entries.size(), 3u);
  EXPECT_NE(cat.names.find("H100"), cat.names.end());
  EXPECT_TRUE(same(cat.find("DGX_H100")->value, node->value));
}

TEST(CatalogueOnDemand, AScenarioRunsTheSameWithEitherRead) {
  const char* text = R"(
scenario NodeMemory {
  input node: Node = DGX_H100
  output memory: Information = node.accelerator.memory * node.accelerators_per_node -> GiB
}
)";
  double results[2];
  for (int lazy_read = 0; lazy_read < 2; ++lazy_read) {
    mlsi::ProgramSession s(lazy_read ? lazy() : mlsi::ProgramSessionOptions{});
    ASSERT_TRUE(s.load_text("node.mls", text));
    ASSERT_TRUE(s.check());
    int sc = s.program().find_scenario_index("NodeMemory");
    mlsi::GivenInputs given(s.program().scenarios[static_cast<std::size_t>(sc)].slots.size());
    auto run = mlsi::Evaluator(s.program()).run(sc, given);
    results[lazy_read] = run.slots[static_cast<std::size_t>(s.program().scenarios[static_cast<std::size_t>(sc)].find_slot("memory"))].number();
  }
  // 8 H100 SXM of 80 GiB each (docs/catalogue.md §3.1.1, §3.3: H100 memory "80 GiB", DGX_H100 accelerators_per_node 8).
  EXPECT_EQ(results[0], 8 * 80.0 * 1024 * 1024 * 1024);
  EXPECT_EQ(results[1], results[0]);
}

}  // namespace

namespace {

// The diagnostics a text gets, rendered without colour, with the prelude read at once or on demand.
std::string diagnostics_of(const char* text, bool on_demand) {
  mlsi::ProgramSessionOptions o;
  o.read_on_demand = on_demand;
  mlsi::ProgramSession s(o);
  s.load_text("user.mls", text);
  s.check();
  return mlsi::render_all(s.program().sources, s.diagnostics(), false);
}

TEST(PreludeOnDemand, TheScannedNamesAreTheDeclaredOnes) {
  mlsi::ProgramSession eager;
  mlsi::ProgramSession on_demand(lazy());
  std::set<std::string> globals, functions;
  for (const auto& g : eager.program().globals)
    if (eager.program().sources.file(g.span.file).name == "<prelude>/constants.mls") globals.insert(g.name);
  for (const auto& f : eager.program().functions)
    if (eager.program().sources.file(f.span.file).name == "<prelude>/functions.mls") functions.insert(f.name);
  EXPECT_EQ(globals.size(), eager.program().globals.size());  // every prelude constant is in constants.mls
  EXPECT_EQ(std::set<std::string>(on_demand.program().deferred_globals.begin(), on_demand.program().deferred_globals.end()), globals);
  EXPECT_EQ(std::set<std::string>(on_demand.program().deferred_functions.begin(), on_demand.program().deferred_functions.end()), functions);
  EXPECT_TRUE(on_demand.program().globals.empty());
  EXPECT_TRUE(on_demand.program().functions.empty());
}

TEST(PreludeOnDemand, DeclaresOnlyTheFilesATextMentions) {
  mlsi::ProgramSession plain(lazy());
  plain.load_text("plain.mls", "scenario A {\n  input x: Count = 2\n  output y = x * 3\n}\n");
  ASSERT_TRUE(plain.check());
  EXPECT_TRUE(plain.program().globals.empty());
  EXPECT_TRUE(plain.program().functions.empty());

  // training_compute (functions.mls) reads training_flops_per_param_token (constants.mls): both are read.
  mlsi::ProgramSession uses(lazy());
  uses.load_text("uses.mls", "scenario B {\n  output c: Compute = training_compute(5, 7)\n}\n");
  ASSERT_TRUE(uses.check());
  EXPECT_EQ(uses.program().function_index.count("training_compute"), 1u);
  EXPECT_EQ(uses.program().global_index.count("training_flops_per_param_token"), 1u);
  // By the declaration: the constant read is no longer deferred, the file's other constants still are
  // (tests/unit/prelude_parts_test.cpp).
  const auto& deferred = uses.program().deferred_globals;
  EXPECT_EQ(std::find(deferred.begin(), deferred.end(), "training_flops_per_param_token"), deferred.end());
  EXPECT_NE(std::find(deferred.begin(), deferred.end(), "chinchilla_tokens_per_param"), deferred.end());
  int sc = uses.program().find_scenario_index("B");
  mlsi::GivenInputs given(uses.program().scenarios[static_cast<std::size_t>(sc)].slots.size());
  auto run = mlsi::Evaluator(uses.program()).run(sc, given);
  // C = 6 P D (docs/catalogue.md §4.1, Kaplan et al.): 6 FLOP x 5 x 7 = 210 FLOP.
  EXPECT_EQ(run.slots[0].number(), 210.0);
}

TEST(PreludeOnDemand, TextsGivenLaterAreScannedBeforeTheyAreCompiled) {
  mlsi::ProgramSession s(lazy());
  s.load_text("a.mls", "scenario A {\n  input bytes: Information = 1 byte\n  output y = bytes\n}\n");
  ASSERT_TRUE(s.check());
  EXPECT_EQ(s.program().global_index.count("adam_optimizer_bytes"), 0u);
  s.program().sources.add("--set", "bytes=adam_optimizer_bytes");  // as inputs.cpp does for --set
  s.compiler();
  EXPECT_EQ(s.program().global_index.count("adam_optimizer_bytes"), 1u);
}

TEST(PreludeOnDemand, ErrorsAreTheSameAsWithTheWholePrelude) {
  const char* cases[] = {
      // A redefinition is reported at the user's declaration, naming the prelude's.
      "let adam_optimizer_bytes = 3 byte\n",
      "fn training_compute(x: Count) -> Count = x\n",
      // Did-you-mean suggests prelude names the text does not spell exactly.
      "scenario S {\n  output x = adam_optimizer_byte * 2\n}\n",
      "scenario S {\n  output x = training_comput(1, 2)\n}\n",
  };
  for (const char* text : cases) {
    std::string eager = diagnostics_of(text, false);
    EXPECT_NE(eager, "") << text;
    EXPECT_EQ(diagnostics_of(text, true), eager) << text;
  }
  EXPECT_NE(diagnostics_of(cases[2], true).find("did you mean `adam_optimizer_bytes`?"), std::string::npos);
  EXPECT_NE(diagnostics_of(cases[3], true).find("did you mean `training_compute`?"), std::string::npos);
}

}  // namespace

namespace {

TEST(BuiltinScenariosOnDemand, ARunByNameLoadsItsFileItsConfigsAndWhatItCalls) {
  mlsi::ProgramSession all;
  all.load_builtin_scenarios();
  ASSERT_TRUE(all.check());
  mlsi::ProgramSession some(lazy());
  some.load_builtin_scenarios_for("ActivationMemory");
  ASSERT_TRUE(some.check());
  const auto* sc = some.program().find_scenario("ActivationMemory");
  ASSERT_NE(sc, nullptr);
  EXPECT_LT(some.program().scenarios.size(), all.program().scenarios.size());
  // Its configs (declared with it in activation_memory.mls), as with every file loaded.
  auto configs_of = [](mlsi::ProgramSession& s) {
    std::set<std::string> names;
    int target = s.program().find_scenario_index("ActivationMemory");
    for (const auto& c : s.program().configs)
      if (c.scenario == target) names.insert(c.name);
    return names;
  };
  EXPECT_FALSE(configs_of(some).empty());
  EXPECT_EQ(configs_of(some), configs_of(all));
  // Every scenario a loaded one calls is loaded too: each loaded scenario checked above.
  // An unknown name loads them all, for the did-you-mean over every name.
  mlsi::ProgramSession unknown(lazy());
  unknown.load_builtin_scenarios_for("NoSuchScenario");
  EXPECT_EQ(unknown.program().scenarios.size(), all.program().scenarios.size());
  // The `Scenario` suffix is accepted as find_scenario accepts it.
  mlsi::ProgramSession suffixed(lazy());
  suffixed.load_builtin_scenarios_for("ActivationMemoryScenario");
  EXPECT_NE(suffixed.program().find_scenario("ActivationMemory"), nullptr);
  EXPECT_LT(suffixed.program().scenarios.size(), all.program().scenarios.size());
}

}  // namespace

namespace {

TEST(BuiltinScenariosOnDemand, EveryBuiltinScenarioChecksWhenLoadedByItsName) {
  mlsi::ProgramSession all;
  all.load_builtin_scenarios();
  ASSERT_TRUE(all.check());
  ASSERT_EQ(all.program().scenarios.size(), 77u);  // the training pack's 57, the serving pack's 8, the systems pack's 8 and the planner's 4
  for (const auto& sc : all.program().scenarios) {
    mlsi::ProgramSession one(lazy());
    one.load_builtin_scenarios_for(sc.name);
    EXPECT_TRUE(one.check()) << sc.name << "\n" << mlsi::render_all(one.program().sources, one.diagnostics(), false);
    EXPECT_NE(one.program().find_scenario(sc.name), nullptr) << sc.name;
    EXPECT_EQ(one.diagnostics().size(), 0u) << sc.name;  // no warning either (run prints them)
  }
}

}  // namespace
