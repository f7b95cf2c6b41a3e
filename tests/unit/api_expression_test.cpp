// Session::evaluate (as `mlsi eval`), Session::catalogue, Session::sweep_table and the categories of
// diagnostics, with values by hand: 989 TFLOP/s * 0.4 * 30 day = 989e12 * 0.4 * 2592000 s FLOP =
// 1.0253952e21 FLOP; the catalogue's H100 has 80 GiB and 3.35 TB/s; ActivationMemory's full
// recomputation keeps 4831838208 * microbatch bytes (api_runner_test.cpp).
#include <mlsi/mlsi.hpp>

#include <cmath>

#include <gtest/gtest.h>

namespace {

TEST(ApiExpression, EvaluatesAsMlsiEval) {
  mlsi::api::Session session;
  mlsi::api::ExpressionResult r = session.evaluate("989 TFLOP/s * 0.4 * 30 day -> EFLOP");
  ASSERT_TRUE(r.ok) << r.diagnostics.render();
  EXPECT_EQ(r.type, "Compute");
  EXPECT_EQ(r.value.unit, "EFLOP");
  EXPECT_DOUBLE_EQ(r.value.si, 989e12 * 0.4 * 30 * 86400);
  EXPECT_EQ(r.value.shown, "1025.4 EFLOP");
  mlsi::api::ExpressionResult list = session.evaluate("[1, 2] GiB");
  ASSERT_TRUE(list.ok);
  EXPECT_EQ(list.type, "List[Information]");
  ASSERT_EQ(list.value.items.size(), 2u);
  EXPECT_EQ(list.value.items[1].si, 2.0 * 1024 * 1024 * 1024);
}

// A built-in scenario the expression calls is loaded for it (as `mlsi eval` does; the others are not):
// GPT3 at microbatch 1 keeps 4831838208 bytes with full recomputation.
TEST(ApiExpression, CallsABuiltInScenario) {
  mlsi::api::Session session;
  mlsi::api::ExpressionResult r = session.evaluate("ActivationMemory().full");
  ASSERT_TRUE(r.ok) << r.diagnostics.render();
  EXPECT_EQ(r.type, "Information");
  EXPECT_DOUBLE_EQ(r.value.si, 4831838208.0);
}

TEST(ApiExpression, ErrorsHaveTheirCategory) {
  mlsi::api::Session session;
  auto syntax = session.evaluate("1 +");
  ASSERT_FALSE(syntax.ok);
  EXPECT_EQ(syntax.diagnostics[0].category, mlsi::api::Category::syntax);
  EXPECT_EQ(syntax.diagnostics[0].location.file, "<eval>");
  auto dimension = session.evaluate("1 GiB + 1 s");
  ASSERT_FALSE(dimension.ok);
  EXPECT_EQ(dimension.diagnostics[0].category, mlsi::api::Category::source);
  auto division = session.evaluate("1 / 0");
  ASSERT_FALSE(division.ok);
  EXPECT_EQ(division.diagnostics[0].category, mlsi::api::Category::evaluation);
}

TEST(ApiExpression, CatalogueEntriesWithTheirFields) {
  mlsi::api::Session session;
  std::vector<mlsi::api::CatalogueItem> items = session.catalogue();
  const mlsi::api::CatalogueItem* h100 = nullptr;
  for (const auto& i : items)
    if (i.name == "H100") h100 = &i;
  ASSERT_NE(h100, nullptr);
  EXPECT_EQ(h100->kind, "Hardware");
  EXPECT_EQ(h100->value.kind, mlsi::api::Value::Kind::entry);
  const mlsi::api::Field* memory = h100->value.field("memory");
  ASSERT_NE(memory, nullptr);
  EXPECT_EQ(memory->value.si, 80.0 * 1024 * 1024 * 1024);
  EXPECT_EQ(memory->value.shown, "80 GiB");
  EXPECT_EQ(h100->value.field("memory_bandwidth")->value.si, 3.35e12);
  EXPECT_GT(items.size(), 50u);
}

TEST(ApiSweepTable, ColumnsOfSiNumbers) {
  mlsi::api::Session session;
  mlsi::api::SweepRequest r;
  r.run.scenario = "ActivationMemory";
  r.vary = {"microbatch=1,2,4", "seq_len=1024,2048"};
  mlsi::api::SweepTable t = session.sweep_table(r);
  ASSERT_TRUE(t.ok) << t.diagnostics.render();
  EXPECT_EQ(t.total, 6u);
  EXPECT_EQ(t.rows, 6u);
  ASSERT_EQ(t.columns[0].column.name, "microbatch");
  EXPECT_TRUE(t.columns[0].column.varied);
  const mlsi::api::SweepTableColumn* full = nullptr;
  for (const auto& c : t.columns)
    if (c.column.name == "full") full = &c;
  ASSERT_NE(full, nullptr);
  EXPECT_EQ(full->column.unit, "GiB");
  EXPECT_EQ(full->column.si_unit, "byte");
  EXPECT_EQ(full->column.dimension, "Information");
  EXPECT_EQ(full->column.factor, 1024.0 * 1024 * 1024);
  const double b[] = {1, 1, 2, 2, 4, 4}, s[] = {1024, 2048, 1024, 2048, 1024, 2048};
  ASSERT_EQ(full->si.size(), 6u);
  for (std::size_t i = 0; i < 6; ++i) EXPECT_EQ(full->si[i], 96.0 * s[i] * b[i] * 12288 * 2) << i;
  r.where = "full <= 10 GB";  // 96 * s * b * 12288 * 2 B = 2359296 * b * s B <= 1e10: b * s <= 4238.6
  mlsi::api::SweepTable kept = session.sweep_table(r);
  ASSERT_TRUE(kept.ok);
  EXPECT_EQ(kept.rows, 5u);
  EXPECT_EQ(kept.index, (std::vector<std::uint64_t>{0, 1, 2, 3, 4}));
}

TEST(ApiSweepTable, AnUnknownVariedInputIsAnInputError) {
  mlsi::api::Session session;
  mlsi::api::SweepRequest r;
  r.run.scenario = "ActivationMemory";
  r.vary = {"microbatchh=1,2"};
  mlsi::api::SweepTable t = session.sweep_table(r);
  ASSERT_FALSE(t.ok);
  EXPECT_EQ(t.diagnostics[0].category, mlsi::api::Category::input);
  EXPECT_EQ(t.diagnostics[0].location.file, "vary");
}

}  // namespace
