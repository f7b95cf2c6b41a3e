// The command line, driven in-process exactly as a user runs it: exact table, JSON and CSV text for the
// design page's examples, exit statuses (0 ok, 1 evaluation/check/expectation failed, 2 usage, 3 source
// error), --help, --version and `mlsi test`.
//
// Every number below was checked by hand against language.md:
//   KvCache: per_token 2*80*8*128*2 B = 327680 B = 320 KiB; total 327680*8*4096 B = 10737418240 B = 10 GiB;
//            fits_h100 true (10 GiB <= 80 GiB); long_context total 327680*131072 B = 40 GiB.
//   GroupStats: baseline 3/4 = 0.75; advantages [0.25, -0.75, 0.25, 0.25];
//            sync_time 2*7/8*140e9/450e9 s + 2*7*5e-6 s = 0.5445144444444444 s = 544.514 ms;
//            adam_state 175e9*16 B = 2.8e12 B = 2.8 TB; kv 327680*2*4096 B = 2684354560 B = 2.5 GiB;
//            leave_one_out baseline [2/3, 1, 2/3, 2/3], advantages [1/3, -1, 1/3, 1/3].
#include <fmt/format.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "cli/cli.hpp"
#include "tests/unit/cli_harness.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`,
// which must not meet an interpreter declaration that uses the name.
#include <gtest/gtest.h>

namespace fs = std::filesystem;

namespace {

using mlsi_test::mlsi;
using mlsi_test::Result;

using mlsi_test::TempFile;

const char* kKv = "tests/examples/kv_cache.mls";
const char* kGroup = "tests/examples/group_stats.mls";

// ---- run: table ----------------------------------------------------------------------------------
TEST(CliRun, KvCacheTable) {
  auto r = mlsi({"run", kKv});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, R"(KvCache

inputs
  workload         Llama2_70B
  batch                     8
  context                4096
  bytes_per_value           2 byte

outputs
  per_token               320 KiB
  total                    10 GiB
  fits_h100              true
)");
  EXPECT_EQ(r.err, "");
}

TEST(CliRun, KvCacheLongContextTable) {
  auto r = mlsi({"run", kKv, "--config", "long_context"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, R"(KvCache (config long_context)

inputs
  workload         Llama2_70B
  batch                     1
  context              131072
  bytes_per_value           2 byte

outputs
  per_token               320 KiB
  total                    40 GiB
  fits_h100              true
)");
}

TEST(CliRun, GroupStatsTable) {
  auto r = mlsi({"run", kGroup});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, R"(GroupStats

inputs
  rewards                    [1, 0, 1, 1]
  baseline_rule                      mean

outputs
  baseline       [0.75, 0.75, 0.75, 0.75]
  advantages     [0.25, -0.75, 0.25, 0.25]
  sync_time                       544.514 ms
  adam_state                          2.8 TB
  kv                                  2.5 GiB
)");
  EXPECT_EQ(r.err, "");
}

TEST(CliRun, GroupStatsLeaveOneOutTable) {
  auto r = mlsi({"run", kGroup, "--set", "baseline_rule=leave_one_out"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, R"(GroupStats

inputs
  rewards         [1, 0, 1, 1]
  baseline_rule  leave_one_out

outputs
  baseline       [0.666667, 1, 0.666667, 0.666667]
  advantages     [0.333333, -1, 0.333333, 0.333333]
  sync_time            544.514 ms
  adam_state               2.8 TB
  kv                       2.5 GiB
)");
}

// ---- run: JSON (docs/language.md §14) --------------------------------------------------------
// Every quantity is {"value", "unit", "si", "dimension"}, a catalogue entry {"entry", "kind"}, a Bool
// {"value"}. per_token = 2 * 80 layers * 8 kv_heads * (8192 / 64) head_dim * 2 byte = 327680 byte = 320 KiB;
// total = 327680 byte * 8 * 4096 = 10737418240 byte = 10 GiB (Llama 2 70B: Touvron et al. 2023).
TEST(CliRun, KvCacheJson) {
  auto r = mlsi({"run", kKv, "--format", "json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "{\"scenario\": \"KvCache\", \"config\": null,\n"
            " \"inputs\": {\"workload\": {\"entry\": \"Llama2_70B\", \"kind\": \"Workload\"}, "
            "\"batch\": {\"value\": 8, \"unit\": \"\", \"si\": 8, \"dimension\": \"Count\"}, "
            "\"context\": {\"value\": 4096, \"unit\": \"\", \"si\": 4096, \"dimension\": \"Count\"}, "
            "\"bytes_per_value\": {\"value\": 2, \"unit\": \"byte\", \"si\": 2, \"dimension\": \"Information\"}},\n"
            " \"outputs\": {\"per_token\": {\"value\": 320, \"unit\": \"KiB\", \"si\": 327680, \"dimension\": \"Information\"}, "
            "\"total\": {\"value\": 10, \"unit\": \"GiB\", \"si\": 10737418240, \"dimension\": \"Information\"}, "
            "\"fits_h100\": {\"value\": true}}}\n");
}

TEST(CliRun, KvCacheJsonWithConfig) {
  auto r = mlsi({"run", kKv, "--config=long_context", "--format=json"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find("{\"scenario\": \"KvCache\", \"config\": \"long_context\",\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"total\": {\"value\": 40, \"unit\": \"GiB\", \"si\": 42949672960, \"dimension\": \"Information\"}"),
            std::string::npos)
      << r.out;
}

// A list is an array of values; every number is the shortest text of its double (Python's repr of the
// same IEEE operations): baseline = 3/4 = 0.75, advantages 1 - 0.75 = 0.25 and 0 - 0.75 = -0.75;
// sync_time = 2 * 7 / 8 * 140e9 / 450e9 + 2 * 7 * 5e-6 = 0.5445144444444444 s, / 1e-3 = 544.5144444444444 ms
// (not rounded); adam_state = 175e9 * 16 byte = 2.8e12 byte = 2.8 TB; kv = 2 * 327680 * 4096 byte = 2.5 GiB.
TEST(CliRun, GroupStatsJson) {
  auto r = mlsi({"run", kGroup, "--format", "json"});
  EXPECT_EQ(r.status, 0) << r.err;
  auto count = [](const char* n) { return fmt::format("{{\"value\": {0}, \"unit\": \"\", \"si\": {0}, \"dimension\": \"Count\"}}", n); };
  auto counts = [&](std::vector<const char*> ns) {
    std::string s = "[";
    for (std::size_t i = 0; i < ns.size(); ++i) s += (i ? ", " : "") + count(ns[i]);
    return s + "]";
  };
  EXPECT_EQ(r.out,
            "{\"scenario\": \"GroupStats\", \"config\": null,\n"
            " \"inputs\": {\"rewards\": " + counts({"1", "0", "1", "1"}) + ", \"baseline_rule\": {\"value\": \"mean\"}},\n"
            " \"outputs\": {\"baseline\": " + counts({"0.75", "0.75", "0.75", "0.75"}) + ", "
            "\"advantages\": " + counts({"0.25", "-0.75", "0.25", "0.25"}) + ", "
            "\"sync_time\": {\"value\": 544.5144444444444, \"unit\": \"ms\", \"si\": 0.5445144444444444, \"dimension\": \"Time\"}, "
            "\"adam_state\": {\"value\": 2.8, \"unit\": \"TB\", \"si\": 2800000000000, \"dimension\": \"Information\"}, "
            "\"kv\": {\"value\": 2.5, \"unit\": \"GiB\", \"si\": 2684354560, \"dimension\": \"Information\"}}}\n");
}

// ---- run: CSV --------------------------------------------------------------------------------------
TEST(CliRun, KvCacheCsv) {
  auto r = mlsi({"run", kKv, "--format", "csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "workload,batch,context,bytes_per_value (byte),per_token (KiB),total (GiB),fits_h100\n"
            "Llama2_70B,8,4096,2,320,10,true\n");
}

// CSV is exact: sync_time is the double 0.5445144444444444 s (the JSON "si" of docs/language.md section 14)
// divided by 0.001, whose shortest text is 544.5144444444444.
TEST(CliRun, GroupStatsCsv) {
  auto r = mlsi({"run", kGroup, "--format", "csv"});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out,
            "rewards,baseline_rule,baseline,advantages,sync_time (ms),adam_state (TB),kv (GiB)\n"
            "\"[1, 0, 1, 1]\",mean,\"[0.75, 0.75, 0.75, 0.75]\",\"[0.25, -0.75, 0.25, 0.25]\",544.5144444444444,2.8,2.5\n");
}

// ---- exit statuses ---------------------------------------------------------------------------------
TEST(CliStatus, WhereViolationIsOne) {
  auto r = mlsi({"run", kKv, "--set", "batch=0"});
  EXPECT_EQ(r.status, mlsi::kExitFailed);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err.rfind("tests/examples/kv_cache.mls:5:32: error: input `batch` = 0 does not satisfy `batch >= 1`\n"
                        " 5 |   input batch: Count = 8 where batch >= 1\n"
                        "   |                                ^~~~~~~~~~\n",
                        0),
            0u)
      << r.err;
}

TEST(CliStatus, CheckFailureIsOne) {
  auto r = mlsi({"run", kKv, "--set", "bytes_per_value=0 byte"});
  EXPECT_EQ(r.status, mlsi::kExitFailed);
  EXPECT_NE(r.err.find("error: check failed: an empty cache"), std::string::npos) << r.err;
}

TEST(CliStatus, AbsentFieldIsOne) {
  auto r = mlsi({"run", kKv, "--set", "workload=GPT4"});
  EXPECT_EQ(r.status, mlsi::kExitFailed);
  EXPECT_NE(r.err.find("error: Workload GPT4 has no field kv_heads (its source does not give one)"), std::string::npos)
      << r.err;
}

TEST(CliStatus, UnknownOptionIsTwo) {
  auto r = mlsi({"run", kKv, "--bogus"});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_EQ(r.err, "error: unknown option `--bogus`\nrun `mlsi --help` for usage\n");
  EXPECT_EQ(r.out, "");
}

TEST(CliStatus, UnknownFormatIsTwo) {
  auto r = mlsi({"run", kKv, "--format", "xml"});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_EQ(r.err, "error: unknown format `xml`; `mlsi run` writes table, json, csv, md or html\nrun `mlsi --help` for usage\n");
}

TEST(CliStatus, UnknownConfigIsTwo) {
  auto r = mlsi({"run", kKv, "--config", "long_contxt"});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_EQ(r.err,
            "error: scenario `KvCache` has no config `long_contxt`; did you mean `long_context`?\n"
            "run `mlsi --help` for usage\n");
}

TEST(CliStatus, UnknownCommandIsTwo) {
  auto r = mlsi({"runn", kKv});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_EQ(r.err, "error: unknown command `runn`; did you mean `run`?\nrun `mlsi --help` for usage\n");
}

TEST(CliStatus, NoArgumentsIsTwo) {
  auto r = mlsi({});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_NE(r.err.find("usage:"), std::string::npos);
}

TEST(CliStatus, MissingFileIsTwo) {
  auto r = mlsi({"run", "tests/examples/no_such_file.mls"});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_NE(r.err.find("no_such_file.mls"), std::string::npos) << r.err;
}

TEST(CliStatus, SetOfWrongDimensionIsTwo) {
  auto r = mlsi({"run", kKv, "--set", "batch=2 s"});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_NE(r.err.find("error: input `batch` expects Count, found Time"), std::string::npos) << r.err;
}

TEST(CliStatus, SetOfUnknownInputIsTwo) {
  auto r = mlsi({"run", kKv, "--set", "nope=1"});
  EXPECT_EQ(r.status, mlsi::kExitUsage);
  EXPECT_NE(r.err.find("error: scenario `KvCache` has no input `nope`"), std::string::npos) << r.err;
}

TEST(CliStatus, CheckErrorIsThree) {
  TempFile f("bad.mls", "scenario S {\n  input batch: Count = 8\n  output x = 1 byte + batch\n}\n");
  auto check = mlsi({"check", f.path.string()});
  EXPECT_EQ(check.status, mlsi::kExitSource);
  EXPECT_NE(check.err.find(":3:21: error: cannot add Information and Count\n"), std::string::npos) << check.err;
  auto run = mlsi({"run", f.path.string()});
  EXPECT_EQ(run.status, mlsi::kExitSource);
  EXPECT_NE(run.err.find("error: cannot add Information and Count"), std::string::npos) << run.err;
  EXPECT_EQ(run.out, "");
}

TEST(CliStatus, SyntaxErrorIsThree) {
  TempFile f("syntax.mls", "scenario S {\n  input x Count\n}\n");
  auto r = mlsi({"check", f.path.string()});
  EXPECT_EQ(r.status, mlsi::kExitSource);
  EXPECT_NE(r.err.find(":2:11: error: syntax error: expected `:` and a type, found `Count`"), std::string::npos) << r.err;
}

TEST(CliStatus, CheckOfGoodFilesIsZero) {
  auto r = mlsi({"check", kKv, kGroup});
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "tests/examples/kv_cache.mls: ok\ntests/examples/group_stats.mls: ok\n");
}

// ---- help and version ------------------------------------------------------------------------------
TEST(CliInfo, Help) {
  auto r = mlsi({"--help"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
  EXPECT_EQ(r.out.rfind("mlsi", 0), 0u) << r.out;
  for (const char* needle : {"usage:", "mlsi run FILE|NAME", "mlsi check FILE...", "mlsi test [PATH...]", "--config NAME",
                             "--set NAME=EXPR", "--inputs FILE.toml", "--format FORMAT", "table (default), json or csv"})
    EXPECT_NE(r.out.find(needle), std::string::npos) << needle;
}

TEST(CliInfo, Version) {
  auto r = mlsi({"--version"});
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, std::string("mlsi ") + MLSI_VERSION + "\n");
}

// ---- mlsi test ---------------------------------------------------------------------------------------
TEST(CliTest, ExamplesPass) {
  auto r = mlsi({"test", "tests/examples"});
  EXPECT_EQ(r.status, 0) << r.out << r.err;
  // Every config of every example, file by file, with the number of `expect` lines each has.
  EXPECT_EQ(r.out,
            "ok   CheckpointTiers / default_budget (5 expectations)\n"
            "ok   CheckpointTiers / one_minute (1 expectation)\n"
            "ok   DecodeRoofline / small_batch (3 expectations)\n"
            "ok   DecodeRoofline / large_batch (2 expectations)\n"
            "ok   DecodeRoofline / fp32_weights (2 expectations)\n"
            "ok   Fp8TrainingMemory / zero3_64 (5 expectations)\n"
            "ok   Fp8TrainingMemory / bf16_weights (1 expectation)\n"
            "ok   KvCache / long_context (1 expectation)\n"
            "ok   MoeAllToAll / eight_ranks (4 expectations)\n"
            "ok   MoeAllToAll / sixteen_ranks (3 expectations)\n"
            "ok   PreludeFormulas / worked_examples (28 expectations)\n"
            "ok   ServingCost / default_fleet (2 expectations)\n"
            "ok   ServingCost / full_use (2 expectations)\n"
            "59 passed, 0 failed\n");
}

TEST(CliTest, FailedExpectationIsOne) {
  TempFile f("expect.mls",
             "scenario S {\n  input n: Count = 2\n  output o = n * 1 GiB\n}\n"
             "config c for S {\n  n = 3\n  expect o == 3 GiB\n  expect o == 3 GB within 0.1%\n}\n");
  auto r = mlsi({"test", f.path.string()});
  EXPECT_EQ(r.status, mlsi::kExitFailed) << r.out << r.err;
  // 3 GiB is right; 3 GB is 7% off (3e9 vs 3221225472 B).
  EXPECT_NE(r.out.find("1 passed, 1 failed\n"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("FAIL "), std::string::npos) << r.out;
}

TEST(CliTest, SourceErrorInTestedFileIsThree) {
  TempFile f("broken.mls", "scenario S {\n  output o = 1 s + 1 byte\n}\n");
  auto r = mlsi({"test", f.path.string()});
  EXPECT_EQ(r.status, mlsi::kExitSource) << r.out << r.err;
  EXPECT_NE(r.out.find("0 passed, 1 failed\n"), std::string::npos) << r.out;
}

}  // namespace
