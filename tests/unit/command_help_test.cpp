// `mlsi COMMAND --help`, `mlsi help COMMAND` and `mlsi --help` come from one table per command
// (cli/command_help.hpp): each command's help is printed the same three ways, names what the command's
// usage line names, and every option it lists is one the command line accepts.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>

#include "cli/command_help.hpp"
#include "cli_harness.hpp"
#include "report/catalogue_listing.hpp"

namespace {

using mlsi_test::mlsi;

// The option names of a text: `--sort`, `-o`, after a space, `[` or `|`.
std::set<std::string> options_in(const std::string& text) {
  std::set<std::string> out;
  static const std::regex option(R"((^|[ \[|(])(--?[a-z][a-z-]*))");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), option); it != std::sregex_iterator(); ++it) out.insert((*it)[2]);
  return out;
}

std::string name_of(const mlsi::OptionHelp& o) { return o.name.substr(0, o.name.find(' ')); }

TEST(CommandHelp, EveryCommandPrintsItsHelpThreeWays) {
  for (const auto& c : mlsi::command_helps()) {
    auto long_form = mlsi({c.name, "--help"});
    EXPECT_EQ(long_form.status, 0) << c.name << ": " << long_form.err;
    EXPECT_EQ(long_form.err, "");
    EXPECT_EQ(long_form.out, mlsi::command_help(c));
    EXPECT_EQ(long_form.out.rfind("usage: mlsi " + c.name, 0), 0u) << long_form.out;
    EXPECT_EQ(mlsi({c.name, "-h"}).out, long_form.out) << c.name;
    auto help = mlsi({"help", c.name});
    EXPECT_EQ(help.status, 0);
    EXPECT_EQ(help.out, long_form.out) << c.name;
  }
}

TEST(CommandHelp, TheOverviewListsEveryCommandFromTheSameTable) {
  auto r = mlsi({"--help"});
  ASSERT_EQ(r.status, 0);
  EXPECT_EQ(r.out, mlsi::overview_help());
  EXPECT_EQ(mlsi({"help"}).out, r.out);
  for (const auto& c : mlsi::command_helps()) {
    std::string first_word = c.usage.substr(0, c.usage.find(' '));
    EXPECT_NE(r.out.find("\n  mlsi " + first_word), std::string::npos) << c.name;
    std::string summary_start = c.summary.substr(0, c.summary.find(' ', 12));
    EXPECT_NE(r.out.find(summary_start), std::string::npos) << c.name << ": " << summary_start;
  }
}

TEST(CommandHelp, EveryOptionOfAUsageLineIsExplained) {
  std::set<std::string> shared;
  for (const auto& o : mlsi::common_option_helps()) shared.insert(name_of(o));
  for (const auto& c : mlsi::command_helps()) {
    std::set<std::string> explained = shared;
    for (const auto& o : c.options) explained.insert(name_of(o));
    if (c.run_options)
      for (const auto& o : mlsi::run_option_helps()) explained.insert(name_of(o));
    for (const auto& used : options_in(c.usage)) EXPECT_TRUE(explained.count(used)) << c.name << " does not explain " << used;
  }
}

TEST(CommandHelp, EveryOptionListedIsAccepted) {
  // Each option with a value as its help writes it, then --help: an option the parser did not know would
  // be a usage error instead of the help.
  for (const auto& c : mlsi::command_helps()) {
    for (const auto& o : c.options) {
      std::vector<std::string> args = {c.name, name_of(o)};
      if (o.name.find(' ') != std::string::npos) args.push_back(c.name == "doc" || c.name == "test" ? "markdown" : "table");
      if (name_of(o) != "--format" && o.name.find(' ') != std::string::npos) args.back() = "x";
      // A count (`--top K`, `-j N, --jobs N`) must be a whole number.
      auto ends_with = [&](const char* tail) { return o.name.size() > 2 && o.name.compare(o.name.size() - 2, 2, tail) == 0; };
      if (ends_with(" K") || ends_with(" N")) args.back() = "3";
      args.push_back("--help");
      auto r = mlsi(args);
      EXPECT_EQ(r.status, 0) << c.name << " " << o.name << ": " << r.err;
    }
  }
}

TEST(CommandHelp, ListNamesTheLibrarysKinds) {
  auto r = mlsi({"list", "--help"});
  for (const auto& kind : mlsi::listable_kinds()) EXPECT_NE(r.out.find(kind), std::string::npos) << kind;
  EXPECT_NE(r.out.find("scenarios"), std::string::npos);
}

TEST(CommandHelp, HelpOfAnUnknownCommandIsAUsageError) {
  auto r = mlsi({"help", "rnu"});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, "error: unknown command `rnu`; did you mean `run`?\nrun `mlsi --help` for usage\n");
  EXPECT_EQ(mlsi({"rnu", "--help"}).err, r.err);
}

}  // namespace
