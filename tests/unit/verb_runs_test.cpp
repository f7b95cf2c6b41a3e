// commands/: each verb run from its request into a sink, as the command line and the MCP tools run it.
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "commands/verb_session.hpp"
#include "commands/verbs.hpp"
#include "tests/unit/cli_harness.hpp"
#include "verbs/command_line.hpp"

namespace {

struct Written {
  int status = -1;
  std::string out, err;
};

// Reads `args` as the command line reads them, then runs the verb into two strings, from the source tree.
Written run_into_strings(const std::vector<std::string>& args, mlsi::FileWriter writer = {}) {
  mlsi::VerbRequest request;
  if (auto refused = mlsi::read_command_line(args, request)) return {-1, "", *refused};
  namespace fs = std::filesystem;
  auto previous = fs::current_path();
  fs::current_path(MLSI_SOURCE_DIR);
  std::ostringstream out, err;
  mlsi::Sink sink{out, err, false, mlsi::kDefaultMaxErrors, nullptr, std::move(writer), "see the manual\n"};
  Written w;
  w.status = mlsi::run_verb(request, sink);
  fs::current_path(previous);
  w.out = out.str();
  w.err = err.str();
  return w;
}

TEST(VerbRuns, RunWritesTheCommandLinesDocument) {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"run", "tests/examples/kv_cache.mls", "--format", "json"},
                                               std::vector<std::string>{"run", "ActivationMemory", "--explain"},
                                               std::vector<std::string>{"list", "scenarios"},
                                               std::vector<std::string>{"show", "A100"}}) {
    Written library = run_into_strings(args);
    mlsi_test::Result command = mlsi_test::mlsi(args);
    EXPECT_EQ(library.status, 0) << args[0] << ": " << library.err;
    EXPECT_EQ(library.status, command.status) << args[0];
    EXPECT_EQ(library.out, command.out) << args[0];
    EXPECT_EQ(library.err, command.err) << args[0];
    EXPECT_FALSE(library.out.empty()) << args[0];
  }
}

TEST(VerbRuns, AUsageErrorEndsInTheCallersAdvice) {
  Written w = run_into_strings({"run"});
  EXPECT_EQ(w.status, mlsi::kExitUsage);
  EXPECT_EQ(w.out, "");
  EXPECT_EQ(w.err, "error: `mlsi run` takes one FILE or scenario NAME\nsee the manual\n");
  // The command line's own advice, for the same request.
  EXPECT_EQ(mlsi_test::mlsi({"run"}).err, "error: `mlsi run` takes one FILE or scenario NAME\nrun `mlsi --help` for usage\n");
}

TEST(VerbRuns, AFileIsWrittenByTheCallersWriterOnly) {
  std::string path = (std::filesystem::temp_directory_path() / ("mlsi_verb_runs_" + std::to_string(::getpid()) + ".md")).string();
  Written refused = run_into_strings({"doc", "ActivationMemory", "-o", path});
  EXPECT_EQ(refused.status, mlsi::kExitUsage);
  EXPECT_EQ(refused.err, "error: cannot write to `" + path + "`: this caller writes no files\n");
  EXPECT_FALSE(std::filesystem::exists(path));
  std::string written_path, written_text;
  Written kept = run_into_strings({"doc", "ActivationMemory", "-o", path}, [&](const std::string& p, std::string_view text) {
    written_path = p;
    written_text = text;
    return std::optional<std::string>{};
  });
  EXPECT_EQ(kept.status, 0) << kept.err;
  EXPECT_EQ(kept.out, "");
  EXPECT_EQ(written_path, path);
  EXPECT_EQ(written_text, run_into_strings({"doc", "ActivationMemory"}).out);
  EXPECT_FALSE(std::filesystem::exists(path));
}

TEST(VerbRuns, AFrontEndIsNotRunHere) {
  Written w = run_into_strings({"repl"});
  EXPECT_EQ(w.status, mlsi::kExitUsage);
  EXPECT_EQ(w.err, "error: `repl` writes no document: it is a front end of its own, which its caller starts\nsee the manual\n");
}

TEST(VerbRuns, CatalogueTextsAreNamedInOrder) {
  mlsi::VerbRequest request;
  request.catalogue_texts = {"a", "b", "c"};
  auto named = mlsi::named_catalogue_texts(request);
  ASSERT_EQ(named.size(), 3u);
  EXPECT_EQ(named[0], (std::pair<std::string, std::string>{"<catalog_text>", "a"}));
  EXPECT_EQ(named[1], (std::pair<std::string, std::string>{"<catalog_text#2>", "b"}));
  EXPECT_EQ(named[2], (std::pair<std::string, std::string>{"<catalog_text#3>", "c"}));
}

}  // namespace
