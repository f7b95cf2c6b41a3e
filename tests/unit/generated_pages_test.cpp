// The pages written from the verb and option tables (interpreter/verbs/: synopsis, roff_text, man_page,
// option_regions): a verb's synopsis names every option it takes, the roff marks flags, literal words and
// metavariables, and a template or a page is filled only where it says, every other byte kept.
#include <gtest/gtest.h>

#include "verbs/man_page.hpp"
#include "verbs/option_regions.hpp"
#include "verbs/roff_text.hpp"
#include "verbs/synopsis.hpp"
#include "verbs/verb_table.hpp"

namespace {

TEST(GeneratedPages, ASynopsisWritesOutTheRunOptionsAndAddsTheOptionsItsUsageOmits) {
  // `run FILE|NAME [options]`: the run options, --name inside --workload's brackets, --format with run's formats.
  EXPECT_EQ(mlsi::verb_synopsis(*mlsi::find_verb("run")),
            "run FILE|NAME [--scenario NAME] [--config NAME] [--set NAME=EXPR]... [--inputs FILE.toml] [--workload FILE.json [--name KEY]] "
            "[--format table|json|csv|md|html] [--explain]");
  // sweep's usage names neither --plot nor its axes: they come before `[run options]`.
  EXPECT_EQ(mlsi::verb_synopsis(*mlsi::find_verb("sweep")),
            "sweep FILE|NAME --vary INPUT=VALUES... [--where COND] [-j N] [--shard K/N] [--plot FILE.svg] [--y OUTPUT]... [--log-x] [--log-y] "
            "[run options]");
  // A usage that names every option is kept as it is (-o is --output's alias).
  const mlsi::Verb& plot = *mlsi::find_verb("plot");
  EXPECT_EQ(mlsi::verb_synopsis(plot), plot.usage);
}

TEST(GeneratedPages, RoffMarksFlagsWordsAndMetavariables) {
  EXPECT_EQ(mlsi::usage_roff("--for INPUT=LOW..HIGH"), "\\fB\\-\\-for\\fR \\fIINPUT\\fR=\\fILOW\\fR..\\fIHIGH\\fR");
  EXPECT_EQ(mlsi::usage_roff("[--sort FIELD|-FIELD] [run options]"), "[\\fB\\-\\-sort\\fR \\fIFIELD\\fR|\\-\\fIFIELD\\fR] [\\fIrun options\\fR]");
  EXPECT_EQ(mlsi::usage_roff("-o FILE.svg"), "\\fB\\-o\\fR \\fIFILE.svg\\fR");
  EXPECT_EQ(mlsi::metavariables("-j N, --jobs N"), std::vector<std::string>{"N"});
  // A help line: capitalised, code and flags bold, the option's metavariables italic, prose hyphens kept.
  EXPECT_EQ(mlsi::help_roff("a `where`-free run of N points, as --where (comma-separated)", {"N"}),
            "A \\fBwhere\\fR-free run of \\fIN\\fR points, as \\fB\\-\\-where\\fR (comma-separated)");
}

TEST(GeneratedPages, TheManPageFillsItsMarkersAndRefusesAStrayAddition) {
  std::string tmpl = ".TH MLSI 1 x \"mlsi @VERSION@\"\n.SH SYNOPSIS\n.\\\" @synopsis\n.\\\" @options\n"
                     ".\\\" @more fmt --check\nNothing changes.\n.\\\" @end\n.SH END\n";
  mlsi::GeneratedPage page = mlsi::man_page(tmpl, "9.9");
  ASSERT_EQ(page.error, "");
  EXPECT_TRUE(page.text.starts_with(".TH MLSI 1 x \"mlsi 9.9\"\n.SH SYNOPSIS\n.SY mlsi\n\\fBrun\\fR\n")) << page.text;
  EXPECT_NE(page.text.find(".SH \"OPTIONS OF FMT\"\n.TP\n\\fB\\-\\-write\\fR, \\fB\\-w\\fR\n"), std::string::npos) << page.text;
  EXPECT_NE(page.text.find(".TP\n\\fB\\-\\-check\\fR\nList the files that are not canonical and exit 1 if any.\nNothing changes.\n"), std::string::npos);
  EXPECT_TRUE(page.text.ends_with("\n.SH END\n"));
  EXPECT_EQ(page.text.find("@more"), std::string::npos);
  EXPECT_EQ(mlsi::man_page(".\\\" @synopsis\n.\\\" @options\n.\\\" @more fmt --sort\nx\n.\\\" @end\n", "1").error,
            "`@more fmt --sort`: the section `fmt` lists no option --sort");
  EXPECT_EQ(mlsi::man_page(".\\\" @options\n", "1").error, "the template has no line `.\\\" @synopsis`");
}

TEST(GeneratedPages, OptionRegionsAreFilledAndTheRestIsKept) {
  mlsi::GeneratedPage page = mlsi::fill_option_regions("before\n<!-- options: fmt -->\nstale\n<!-- end options -->\nafter\n");
  ASSERT_EQ(page.error, "");
  EXPECT_EQ(page.text,
            "before\n<!-- options: fmt -->\n| option | what it does |\n|---|---|\n"
            "| `--write`, `-w` | rewrite the files that are not canonical (-w) |\n"
            "| `--check` | list the files that are not canonical and exit 1 if any |\n<!-- end options -->\nafter\n");
  EXPECT_EQ(mlsi::fill_option_regions("<!-- options: frob -->\n<!-- end options -->\n").error, "`<!-- options: frob -->`: no command is named `frob`");
  EXPECT_EQ(mlsi::fill_option_regions("<!-- options: fmt -->\n").error, "`<!-- options: fmt -->` has no `<!-- end options -->` line");
}

}  // namespace
