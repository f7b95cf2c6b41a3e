// Every command of `mlsi --help` honours the file limits for every file it reads: each command is run
// with a file of more than `--max-file-size 100` bytes in each place it takes one (FILE, a folder, an
// import, `--catalog`, `MLSI_PATH`, `--inputs`, standard input, `:load`), and must refuse it with the
// reader's message instead of reading it. The list of commands comes from the help, so that a new command
// without cases here fails the test.
#include <cstdlib>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli_harness.hpp"

namespace {

using mlsi_test::ScratchDir;

struct Case {
  std::vector<std::string> args;
  std::string in;  // standard input, for `fmt -` and the REPL
  bool mlsi_path = false;  // the big catalogue comes through MLSI_PATH (the folder `cats`)
};

// The commands `mlsi --help` lists: the word after `mlsi` on each usage line.
std::set<std::string> help_commands() {
  auto help = mlsi_test::mlsi({"--help"});
  std::set<std::string> commands;
  std::istringstream lines(help.out);
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  mlsi ", 0) != 0) continue;
    std::string word = line.substr(7, line.find(' ', 7) - 7);
    if (word.rfind("--", 0) != 0) commands.insert(word);
  }
  return commands;
}

mlsi_test::Result run(const Case& c, const std::string& folder) {
  std::ostringstream out, err;
  std::istringstream in(c.in);
  if (c.mlsi_path) ::setenv("MLSI_PATH", (folder + "/cats").c_str(), 1);
  mlsi_test::Result r;
  r.status = ::mlsi::run_cli(c.args, ::mlsi::CliStreams{out, err, false, &in});
  if (c.mlsi_path) ::unsetenv("MLSI_PATH");
  r.out = out.str();
  r.err = err.str();
  return r;
}

TEST(CommandLimits, EveryCommandRefusesAFileOverMaxFileSize) {
  ScratchDir d("mlsi_command_limits");
  const std::string padding = "# " + std::string(200, 'x') + "\n";
  const std::string scenario = "scenario S {\n  input x: Count = 1\n  output y = x * 2\n}\n";
  const std::string entry = "[Hardware.MyChip]\nname = \"My chip\"\nyear = 2024\ntier = \"cloud\"\n"
                            "peak_flops = \"100 TFLOP/s\"\nmemory = \"16 GiB\"\nmemory_bandwidth = \"1 TB/s\"\nsource = \"a test\"\n";
  // small.mls (64 bytes) fits in 100 bytes; each big file holds a 203-byte comment more.
  const std::string small = d.write("small.mls", scenario);
  const std::string big = d.write("big.mls", scenario + "#" + padding);
  const std::string imports = d.write("imports.mls", "import \"big.mls\"\n");
  const std::string big_toml = d.write("big.toml", entry + padding);
  const std::string big_inputs = d.write("inputs.toml", "x = 2\n" + padding);
  const std::string small_json = d.write("small.json", "{\"model_type\": \"llama\"}\n");
  const std::string big_json = d.write("big.json", "{\"model_type\": \"llama\", \"pad\": \"" + std::string(200, 'x') + "\"}\n");
  std::filesystem::create_directories(d.dir / "folder");
  std::filesystem::create_directories(d.dir / "cats");
  d.write("folder/big.mls", scenario + "#" + padding);
  // `mlsi validate`: a domain with a small file, and one whose validation.toml is too large.
  std::filesystem::create_directories(d.dir / "checks" / "small");
  std::filesystem::create_directories(d.dir / "targets" / "big");
  d.write("checks/small/small.mls", scenario);
  d.write("targets/big/small.mls", scenario);
  d.write("targets/big/validation.toml", "[targets.y]\nmax_error_percent = 10\n" + padding);
  d.write("cats/big.toml", entry + padding);
  const std::string folder = (d.dir / "folder").string();
  const std::vector<std::string> limit = {"--max-file-size", "100"};
  auto with = [&](std::vector<std::string> args) {
    args.insert(args.end(), limit.begin(), limit.end());
    return Case{args, "", false};
  };
  auto catalog = [&](std::vector<std::string> args) {
    args.insert(args.end(), {"--catalog", big_toml});
    return with(args);
  };
  auto through_path = [&](std::vector<std::string> args) {
    Case c = with(args);
    c.mlsi_path = true;
    return c;
  };

  const std::map<std::string, std::vector<Case>> cases = {
      {"run", {with({"run", big}), with({"run", imports}), catalog({"run", small}), through_path({"run", small}),
               with({"run", small, "--inputs", big_inputs}), with({"run", small, "--workload", big_json})}},
      {"schema", {with({"schema", big}), with({"schema", imports}), catalog({"schema", small}), through_path({"schema", small})}},
      {"check", {with({"check", big}), with({"check", imports}), catalog({"check", small})}},
      {"test", {with({"test", big}), with({"test", folder}), with({"test", imports}), catalog({"test", small})}},
      {"validate", {with({"validate", folder}), catalog({"validate", (d.dir / "checks").string()}), with({"validate", (d.dir / "targets").string()})}},
      {"sweep", {with({"sweep", big, "--vary", "x=1,2"}), with({"sweep", imports, "--vary", "x=1,2"}),
                 catalog({"sweep", small, "--vary", "x=1,2"}), with({"sweep", small, "--vary", "x=1,2", "--inputs", big_inputs})}},
      {"solve", {with({"solve", big, "--max", "x", "--such-that", "x < 3"}), with({"solve", imports, "--max", "x", "--such-that", "x < 3"}),
                 catalog({"solve", small, "--max", "x", "--such-that", "x < 3"}),
                 with({"solve", small, "--max", "x", "--such-that", "x < 3", "--inputs", big_inputs})}},
      {"plot", {with({"plot", big, "--x", "x=1,2"}), with({"plot", imports, "--x", "x=1,2"}), catalog({"plot", small, "--x", "x=1,2"})}},
      {"list", {catalog({"list", "hardware"}), through_path({"list", "hardware"})}},
      {"show", {catalog({"show", "MyChip"}), through_path({"show", "H100"})}},
      {"check-catalogue", {with({"check-catalogue", big_toml}), catalog({"check-catalogue", d.write("ok.toml", "")})}},
      {"catalogue", {with({"catalogue", "from-hf", big_json}), catalog({"catalogue", "from-hf", small_json}),
                     through_path({"catalogue", "from-hf", small_json})}},
      {"fmt", {with({"fmt", big}), with({"fmt", folder}), Case{{"fmt", "-", "--max-file-size", "100"}, scenario + "#" + padding, false}}},
      {"doc", {with({"doc", big}), with({"doc", folder}), catalog({"doc", "catalogue"}), catalog({"doc", small})}},
      {"eval", {catalog({"eval", "1 + 1"}), through_path({"eval", "H100.memory"}), with({"eval", "import \"" + big + "\""})}},
      {"repl", {catalog({"repl"}), Case{{"repl", "--max-file-size", "100"}, ":load " + big + "\n", false}}},
      {"lsp", {catalog({"lsp"}), through_path({"lsp"})}},
      {"mcp", {with({"mcp", big}), with({"mcp", imports}), catalog({"mcp"}), through_path({"mcp"})}},
  };

  std::set<std::string> covered;
  for (const auto& [command, list] : cases) covered.insert(command);
  EXPECT_EQ(help_commands(), covered) << "every command of `mlsi --help` needs its cases here";

  for (const auto& [command, list] : cases) {
    for (const auto& c : list) {
      std::string shown;
      for (const auto& a : c.args) shown += a + " ";
      if (c.mlsi_path) shown += "(MLSI_PATH=cats)";
      auto r = run(c, d.dir.string());
      // The REPL reports a file it cannot load and goes on; every other command fails.
      if (command != "repl" || c.in.empty()) {
        EXPECT_NE(r.status, 0) << shown;
      }
      EXPECT_NE(r.err.find("more than the limit of 100"), std::string::npos) << shown << "\n" << r.out << r.err;
    }
  }
}

// The same file within the limit is read: the cases above fail because of the size, not of the file.
TEST(CommandLimits, TheSameFilesWithinTheLimitAreRead) {
  ScratchDir d("mlsi_command_limits");
  const std::string entry = "[Hardware.MyChip]\nname = \"My chip\"\nyear = 2024\ntier = \"cloud\"\n"
                            "peak_flops = \"100 TFLOP/s\"\nmemory = \"16 GiB\"\nmemory_bandwidth = \"1 TB/s\"\nsource = \"a test\"\n";
  const std::string toml = d.write("big.toml", entry + "# " + std::string(200, 'x') + "\n");
  const std::vector<std::pair<std::vector<std::string>, std::string>> cases = {
      {{"list", "hardware", "--catalog", toml}, "MyChip "},
      {{"show", "MyChip", "--catalog", toml}, "MyChip (Hardware)\n"},
      {{"check-catalogue", toml}, toml + ": ok\n"},
      {{"eval", "MyChip.memory", "--catalog", toml}, "= 16 GiB  [Information]\n"}};
  for (const auto& [args, shown] : cases) {
    auto r = mlsi_test::mlsi_here(args);
    EXPECT_EQ(r.status, 0) << args[0] << "\n" << r.err;
    EXPECT_NE(r.out.find(shown), std::string::npos) << args[0] << "\n" << r.out;
  }
}

// Catalogue files count with the .mls files towards --max-files, for every command that reads them.
TEST(CommandLimits, CatalogueFilesCountTowardsMaxFiles) {
  ScratchDir d("mlsi_command_limits");
  const std::string a = d.write("a.toml", "");
  const std::string b = d.write("b.toml", "");
  const std::string small = d.write("small.mls", "let x = 1\n");
  // A catalogue file not read is a problem of the command line, not of a source: exit status 2 for every
  // command (language.md §16).
  const std::vector<std::pair<std::vector<std::string>, int>> commands = {{{"list", "hardware"}, 2}, {{"show", "H100"}, 2}, {{"check", small}, 2}};
  for (const auto& [args, status] : commands) {
    std::vector<std::string> within = args;
    within.insert(within.end(), {"--catalog", a, "--catalog", b, "--max-files", "3"});
    EXPECT_EQ(mlsi_test::mlsi_here(within).status, 0) << args[0];
    std::vector<std::string> over = args;
    over.insert(over.end(), {"--catalog", a, "--catalog", b, "--max-files", "1"});
    auto r = mlsi_test::mlsi_here(over);
    EXPECT_EQ(r.status, status) << args[0];
    EXPECT_EQ(r.err, "error: more than 1 files loaded: catalogue file `" + b + "` is not read\n") << args[0];
  }
  // Two catalogues and the checked file make three files: one too many for --max-files 2.
  auto r = mlsi_test::mlsi_here({"check", small, "--catalog", a, "--catalog", b, "--max-files", "2"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: more than 2 files imported\n") << r.err;
}

// So does the config.json of `catalogue from-hf` and --workload, after the catalogues.
TEST(CommandLimits, AConfigJsonCountsTowardsMaxFiles) {
  ScratchDir d("mlsi_command_limits");
  const std::string a = d.write("a.toml", "");
  const std::string config = d.write("config.json", R"({"model_type": "llama", "vocab_size": 1000, "hidden_size": 64,
    "num_hidden_layers": 2, "num_attention_heads": 4, "intermediate_size": 128})");
  EXPECT_EQ(mlsi_test::mlsi_here({"catalogue", "from-hf", config, "--catalog", a, "--max-files", "2"}).status, 0);
  auto r = mlsi_test::mlsi_here({"catalogue", "from-hf", config, "--catalog", a, "--max-files", "1"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: more than 1 files loaded: config file `" + config + "` is not read\n");
  auto run = mlsi_test::mlsi_here({"run", "ServingFit", "--workload", config, "--catalog", a, "--max-files", "1"});
  EXPECT_EQ(run.status, 2);  // as `catalogue from-hf`: the command line's problem
  EXPECT_EQ(run.err, "error: more than 1 files loaded: config file `" + config + "` is not read\n");
}

}  // namespace
