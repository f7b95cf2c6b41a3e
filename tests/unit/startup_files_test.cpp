// A command pays only for the built-in files it uses (issue #42): a run by name parses the pack file that
// declares the scenario, those with configs for it and those declaring what they call, and no other; an
// entry of `mlsi eval` or the REPL parses a pack file only when it calls one of its scenarios; a `##` doc
// line loads nothing. The files a session parsed are counted (ProgramSession::parsed_files), not timed. The
// build's index of the pack files (source/embedded.hpp) is compared with the files on disk, read here by a
// scanner of this test's own. The catalogue's files are found by the build's index as well: a start reads
// none of them, and an entry named reads the file that holds it.
#include <algorithm>
#include <filesystem>
#include <map>
#include <regex>
#include <set>
#include <sstream>

#include "session/run_request.hpp"
#include "session/session.hpp"
#include "workspace/workspace.hpp"
#include "source/embedded.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>

namespace {

namespace fs = std::filesystem;

// The words of an .mls text outside its `#` comments and its "..." strings (a string ends at its line).
std::set<std::string> startup_code_words(const std::string& text) {
  std::set<std::string> words;
  std::string word;
  auto end_word = [&] {
    if (!word.empty()) words.insert(word);
    word.clear();
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (c == '#') {
      end_word();
      while (i < text.size() && text[i] != '\n') ++i;
    } else if (c == '"') {
      end_word();
      for (++i; i < text.size() && text[i] != '"' && text[i] != '\n'; ++i)
        if (text[i] == '\\') ++i;
    } else if (std::isalnum(static_cast<unsigned char>(c)) || c == '_') {
      word += c;
    } else {
      end_word();
    }
  }
  end_word();
  return words;
}

// One pack file on disk, as this test reads it.
struct PackFileOnDisk {
  std::string path;  // scenarios/<pack>/x.mls
  std::vector<std::string> scenarios, configs_for;
  std::set<std::string> words;  // of its code
};

// Every pack file: every folder of scenarios/, whatever the packs are.
std::vector<PackFileOnDisk> startup_pack_files() {
  std::vector<PackFileOnDisk> out;
  const std::regex scenario("^scenario ([A-Za-z0-9_]+)"), config("^config [A-Za-z0-9_]+ +for +([A-Za-z0-9_]+)");
  for (const auto& pack : fs::directory_iterator(fs::path(MLSI_SOURCE_DIR) / "scenarios"))
    if (pack.is_directory())
      for (const auto& entry : fs::directory_iterator(pack.path())) {
        if (entry.path().extension() != ".mls") continue;
        PackFileOnDisk f;
        f.path = "scenarios/" + pack.path().filename().string() + "/" + entry.path().filename().string();
        std::string text = mlsi_test::read_source(f.path);
        std::istringstream lines(text);
        std::smatch m;
        for (std::string line; std::getline(lines, line);) {
          if (std::regex_search(line, m, scenario)) f.scenarios.push_back(m[1]);
          if (std::regex_search(line, m, config) && std::find(f.configs_for.begin(), f.configs_for.end(), m[1]) == f.configs_for.end())
            f.configs_for.push_back(m[1]);
        }
        f.words = startup_code_words(text);
        out.push_back(std::move(f));
      }
  return out;
}

// The pack files a run of `name` needs, as diagnostics name them: the file declaring it, those with
// configs for it, and in turn those declaring a built-in scenario that their code names.
std::set<std::string> startup_files_needed(const std::vector<PackFileOnDisk>& files, const std::string& name) {
  std::map<std::string, const PackFileOnDisk*> declaring;
  for (const auto& f : files)
    for (const auto& s : f.scenarios) declaring[s] = &f;
  std::set<std::string> needed;
  std::vector<const PackFileOnDisk*> queue;
  for (const auto& f : files)
    if (std::count(f.scenarios.begin(), f.scenarios.end(), name) || std::count(f.configs_for.begin(), f.configs_for.end(), name))
      queue.push_back(&f);
  while (!queue.empty()) {
    const PackFileOnDisk* f = queue.back();
    queue.pop_back();
    if (!needed.insert("<builtin>/" + f->path).second) continue;
    for (const auto& w : f->words)
      if (auto it = declaring.find(w); it != declaring.end()) queue.push_back(it->second);
  }
  return needed;
}

// The pack files a session parsed, each as often as it was parsed.
std::multiset<std::string> startup_packs_parsed(const mlsi::ProgramSession& s) {
  std::multiset<std::string> out;
  for (const auto& name : s.parsed_files())
    if (name.starts_with("<builtin>/")) out.insert(name);
  return out;
}

mlsi::ProgramSessionOptions startup_on_demand() {
  mlsi::ProgramSessionOptions o;
  o.read_on_demand = true;  // as every command of the command line
  return o;
}

TEST(StartupFiles, IndexIsWhatTheFilesSay) {
  auto on_disk = startup_pack_files();
  std::set<std::string> all_scenarios;
  for (const auto& f : on_disk) all_scenarios.insert(f.scenarios.begin(), f.scenarios.end());
  std::size_t packs = 0;
  for (const auto& e : mlsi::embedded_files()) {
    if (!mlsi::is_pack_file(e)) continue;
    ++packs;
    auto it = std::find_if(on_disk.begin(), on_disk.end(), [&](const PackFileOnDisk& f) { return f.path == e.path; });
    ASSERT_NE(it, on_disk.end()) << e.path;
    auto strings = [](std::span<const std::string_view> names) { return std::vector<std::string>(names.begin(), names.end()); };
    EXPECT_EQ(strings(e.names.scenarios), it->scenarios) << e.path;
    EXPECT_EQ(strings(e.names.configs_for), it->configs_for) << e.path;
    std::set<std::string> calls;
    for (const auto& w : it->words)
      if (all_scenarios.count(w)) calls.insert(w);
    auto indexed = strings(e.names.calls);
    EXPECT_EQ(std::set<std::string>(indexed.begin(), indexed.end()), calls) << e.path;
    EXPECT_EQ(std::set<std::string>(indexed.begin(), indexed.end()).size(), indexed.size()) << e.path << ": a call listed twice";
  }
  EXPECT_EQ(packs, on_disk.size());
}

// activation_memory.mls declares ActivationMemory, holds its three configs and calls no other built-in
// scenario: a run by name parses it alone. cost_per_token.mls calls DecodeRoofline (`runs`), whose file
// calls none.
TEST(StartupFiles, RunByNameParsesOnlyItsFiles) {
  auto run_parses = [](const std::string& name) {
    mlsi::ProgramSession session(startup_on_demand());
    mlsi::RunTask request;
    request.target = name;
    auto prepared = mlsi::prepare_run(session, request, mlsi::EvaluationLimits{}, 16 * 1024 * 1024);
    EXPECT_EQ(prepared.outcome.failure, mlsi::Failure::none) << name;
    return startup_packs_parsed(session);
  };
  EXPECT_EQ(run_parses("ActivationMemory"), (std::multiset<std::string>{"<builtin>/scenarios/training/activation_memory.mls"}));
  EXPECT_EQ(run_parses("CostPerToken"), (std::multiset<std::string>{"<builtin>/scenarios/serving/cost_per_token.mls",
                                                                    "<builtin>/scenarios/serving/decode_roofline.mls"}));
  // Every built-in scenario: the files it needs, each parsed once, and no other.
  auto on_disk = startup_pack_files();
  for (const auto& f : on_disk)
    for (const auto& name : f.scenarios) {
      auto needed = startup_files_needed(on_disk, name);
      auto parsed = run_parses(name);
      EXPECT_EQ(std::set<std::string>(parsed.begin(), parsed.end()), needed) << name;
      EXPECT_EQ(parsed.size(), needed.size()) << name << ": a file parsed twice";
    }
}

TEST(StartupFiles, DocLineLoadsNothing) {
  // serving_fleet.mls declares ServingFleet; a `##` line, a comment and a string naming it are no use.
  mlsi::ProgramSession session(startup_on_demand());
  auto file = session.load_text("doc.mls", "## See also: ServingFleet.\nscenario Mine {\n  # ServingFleet\n  output x = 1\n"
                                           "  check x > 0 else \"not ServingFleet\"\n}\n");
  ASSERT_TRUE(file);
  EXPECT_TRUE(session.check());
  EXPECT_TRUE(startup_packs_parsed(session).empty());
}

TEST(StartupFiles, EntryParsesOnlyWhatItCalls) {
  mlsi::Workspace workspace(startup_on_demand(), mlsi::EvaluationLimits{}, "<eval>");
  ASSERT_TRUE(workspace.ready());
  EXPECT_EQ(workspace.enter("1 GiB -> MB", 1).status, mlsi::EntryStatus::ok);
  // Units alone: no pack file, and no prelude file of constants or functions.
  EXPECT_TRUE(startup_packs_parsed(workspace.session()).empty());
  EXPECT_EQ(workspace.session().parsed_files(), std::vector<std::string>{"<prelude>/units.mls"});
  EXPECT_EQ(workspace.enter("ActivationMemory().full", 2).status, mlsi::EntryStatus::ok);
  EXPECT_EQ(startup_packs_parsed(workspace.session()), (std::multiset<std::string>{"<builtin>/scenarios/training/activation_memory.mls"}));
}

// The catalogue's files are found in the build's index (source/embedded.hpp): a start reads none of their
// text, an entry of units reads none, and naming an entry reads the one file that holds it (as a source:
// its one entry is given to the TOML reader).
TEST(StartupFiles, CatalogueFilesAreReadForTheEntriesNamed) {
  auto catalogue_files = [](mlsi::ProgramSession& s) {
    std::vector<std::string> out;
    const auto& sources = s.program().sources;
    for (std::size_t i = 0; i < sources.size(); ++i) {
      const std::string& name = sources.file(static_cast<mlsi::FileId>(i)).name;
      if (name.starts_with("<catalogue>/")) out.push_back(name);
    }
    return out;
  };
  mlsi::Workspace workspace(startup_on_demand(), mlsi::EvaluationLimits{}, "<eval>");
  ASSERT_TRUE(workspace.ready());
  EXPECT_TRUE(catalogue_files(workspace.session()).empty());
  EXPECT_EQ(workspace.enter("1 GiB -> MB", 1).status, mlsi::EntryStatus::ok);
  EXPECT_TRUE(catalogue_files(workspace.session()).empty());
  EXPECT_EQ(workspace.enter("H100.memory", 2).status, mlsi::EntryStatus::ok);
  EXPECT_EQ(catalogue_files(workspace.session()), std::vector<std::string>{"<catalogue>/hardware/cloud.toml"});
}

}  // namespace
