// The public API's documents (mlsi/document.hpp, docs/api.md "Documents"): each is what its command
// prints for the same request, byte for byte, and its problems are those the command prints. The web
// playground hands these on (web/tests/api.test.mjs checks the same through WebAssembly).
#include <mlsi/mlsi.hpp>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "tests/unit/cli_harness.hpp"

namespace {

using mlsi_test::TempFile;

void expect_document(const mlsi::api::Document& d, const std::vector<std::string>& args) {
  mlsi_test::Result cli = mlsi_test::mlsi(args);
  ASSERT_EQ(cli.status, 0) << cli.err;
  EXPECT_TRUE(d.ok) << d.diagnostics.render();
  EXPECT_EQ(d.text, cli.out);
  EXPECT_TRUE(d.diagnostics.empty());
}

TEST(ApiDocument, EachIsItsCommandsOutput) {
  mlsi::api::Session session(mlsi_test::command_line_options());
  mlsi::api::RunRequest run;
  run.scenario = "ActivationMemory";
  run.set("microbatch", "4");
  expect_document(session.run_document(run), {"run", "ActivationMemory", "--set", "microbatch=4", "--format", "json"});
  expect_document(session.run_document(run, mlsi::api::DocumentFormat::table), {"run", "ActivationMemory", "--set", "microbatch=4"});
  expect_document(session.explain_document(run), {"run", "ActivationMemory", "--set", "microbatch=4", "--explain", "--format", "json"});
  mlsi::api::SweepRequest sweep;
  sweep.run.scenario = "ZeroSharding";
  sweep.vary = {"n_devices=8,64"};
  sweep.where = "fits[3]";
  expect_document(session.sweep_document(sweep), {"sweep", "ZeroSharding", "--vary", "n_devices=8,64", "--where", "fits[3]", "--format", "json"});
  expect_document(session.eval_document({"let hbm = 80 GiB", "hbm / 2 -> GB"}), {"eval", "let hbm = 80 GiB", "hbm / 2 -> GB", "--format", "json"});
  // The table, `mlsi -e`'s text (`mlsi -e EXPR` is `mlsi eval -e EXPR`), for the playground's expression box.
  expect_document(session.eval_document({"let hbm = 80 GiB", "hbm / 2 -> GB"}, mlsi::api::DocumentFormat::table), {"-e", "let hbm = 80 GiB", "hbm / 2 -> GB"});
  expect_document(session.eval_document({"1 GiB -> MB"}, mlsi::api::DocumentFormat::table), {"-e", "1 GiB -> MB"});
  // A built-in scenario an entry calls is loaded when it is entered (the others never are), as by `mlsi eval`.
  expect_document(session.eval_document({"ActivationMemory().full"}), {"eval", "ActivationMemory().full", "--format", "json"});
  expect_document(session.list_document("scenarios"), {"list", "scenarios", "--format", "json"});
  expect_document(session.show_document("ActivationMemory", mlsi::api::DocumentFormat::table), {"show", "ActivationMemory"});
  expect_document(session.show_document("H100"), {"show", "H100", "--format", "json"});
}

TEST(ApiDocument, AFailedRunHasNoTextAndTheCommandsDiagnostic) {
  mlsi::api::Session session(mlsi_test::command_line_options());
  mlsi::api::RunRequest run;
  run.scenario = "ActivationMemory";
  run.set("microbatch", "0");
  mlsi::api::Document d = session.run_document(run);
  EXPECT_FALSE(d.ok);
  EXPECT_EQ(d.text, "");
  mlsi_test::Result cli = mlsi_test::mlsi({"run", "ActivationMemory", "--set", "microbatch=0", "--format", "json"});
  EXPECT_EQ(cli.status, 1);
  EXPECT_EQ(d.diagnostics.render(), cli.err);
  // The same as JSON: scenarios/training/activation_memory.mls line 17 is
  // `  input microbatch: Count = 1 where is_whole(microbatch) and microbatch >= 1`: the `where` condition
  // starts at column 37 and ends at the line's end, column 76 + 1.
  EXPECT_EQ(d.diagnostics.json(),
            "[{\"severity\": \"error\", \"category\": \"input\", \"file\": \"<builtin>/scenarios/training/activation_memory.mls\", "
            "\"line\": 17, \"column\": 37, \"end_line\": 17, \"end_column\": 77, "
            "\"message\": \"input `microbatch` = 0 does not satisfy `is_whole(microbatch) and microbatch >= 1`\", "
            "\"notes\": [{\"message\": \"`microbatch` was given by --set\", \"file\": \"\", \"line\": 0, \"column\": 0, \"end_line\": 0, \"end_column\": 0}], "
            "\"rendered\": " + std::string("\"") +
                "<builtin>/scenarios/training/activation_memory.mls:17:37: error: input `microbatch` = 0 does not satisfy `is_whole(microbatch) and microbatch >= 1`\\n"
                " 17 |   input microbatch: Count = 1 where is_whole(microbatch) and microbatch >= 1\\n"
                "    |                                     ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\\n"
                "    = note: `microbatch` was given by --set\\n\"}]");
  EXPECT_EQ(mlsi::api::Diagnostics().json(), "[]");
}

TEST(ApiDocument, AScenarioOfTheSessionsFileIsShownAsItIsThere) {
  // A copy of a built-in scenario's file with another default: shown with it, and no built-in file
  // declaring the same scenario is read beside it.
  mlsi::api::Session builtin;
  mlsi::api::SourceText source = builtin.scenario_source("ActivationMemory");
  EXPECT_EQ(source.name, "<builtin>/scenarios/training/activation_memory.mls");
  std::string text = source.text;
  const std::string from = "input microbatch: Count = 1 ";
  ASSERT_NE(text.find(from), std::string::npos);
  text.replace(text.find(from), from.size(), "input microbatch: Count = 2 ");
  TempFile file("activation_memory.mls", text);
  mlsi::api::SessionOptions options;
  options.files = {file.path.string()};
  mlsi::api::Session session(options);
  mlsi::api::Document shown = session.show_document("ActivationMemory");
  EXPECT_TRUE(shown.ok);
  EXPECT_TRUE(shown.diagnostics.empty()) << shown.diagnostics.render();
  EXPECT_NE(shown.text.find("{\"name\": \"microbatch\", \"type\": \"Count\", \"default\": \"2\""), std::string::npos) << shown.text;
  EXPECT_EQ(session.scenario_source("ActivationMemory").text, text);
  EXPECT_EQ(builtin.scenario_source("NoSuchScenario").name, "");
}

}  // namespace
