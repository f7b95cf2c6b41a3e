// The public API's streamed sweep (docs/api.md "Sweeps"): the points of the product in order, `where`,
// stopping from the callback, the limit on points, and agreement with `mlsi sweep`.
// Grid (api_kinds.hpp): product = a * b, small = a * b <= 2. Varying a = 1,2,3 and b = 1,2 gives 6
// points, b fastest: (1,1) (1,2) (2,1) (2,2) (3,1) (3,2), products 1 2 2 4 3 6, small for the first three.
#include <mlsi/mlsi.hpp>

#include <algorithm>

#include <gtest/gtest.h>

#include "tests/unit/api_kinds.hpp"
#include "tests/unit/cli_harness.hpp"

namespace {

struct Seen {
  std::vector<std::uint64_t> index;
  std::vector<double> a, b, product;
  std::vector<bool> small;
};

mlsi::api::SweepRequest grid(const std::string& path) {
  mlsi::api::SweepRequest r;
  r.run.file = path;
  r.run.scenario = "Grid";
  r.vary = {"a=1,2,3", "b=1,2"};
  return r;
}

mlsi::api::SweepCallback collect(Seen& seen, std::size_t stop_after = SIZE_MAX) {
  return [&seen, stop_after](const std::vector<mlsi::api::SweepColumn>& columns, const mlsi::api::SweepPoint& p) {
    EXPECT_EQ(columns.size(), 4u);
    EXPECT_EQ(p.cells.size(), 4u);
    EXPECT_EQ(p.error, "");
    seen.index.push_back(p.index);
    seen.a.push_back(p.cells[0].si);
    seen.b.push_back(p.cells[1].si);
    seen.product.push_back(p.cells[2].si);
    seen.small.push_back(p.cells[3].boolean);
    return seen.index.size() < stop_after;
  };
}

TEST(ApiSweep, PointsInOrderWithTheirCells) {
  mlsi_test::TempFile file("api_sweep.mls", mlsi_test::kApiKinds);
  mlsi::api::Session session;
  Seen seen;
  auto result = session.sweep(grid(file.path.string()), collect(seen));
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  EXPECT_EQ(result.total, 6u);
  EXPECT_EQ(result.passed, 6u);
  EXPECT_FALSE(result.stopped);
  ASSERT_EQ(result.columns.size(), 4u);
  EXPECT_EQ(result.columns[0].name, "a");
  EXPECT_TRUE(result.columns[0].varied);
  EXPECT_EQ(result.columns[1].name, "b");
  EXPECT_EQ(result.columns[2].name, "product");
  EXPECT_FALSE(result.columns[2].varied);
  EXPECT_EQ(result.columns[3].name, "small");
  EXPECT_EQ(seen.index, (std::vector<std::uint64_t>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(seen.a, (std::vector<double>{1, 1, 2, 2, 3, 3}));
  EXPECT_EQ(seen.b, (std::vector<double>{1, 2, 1, 2, 1, 2}));
  EXPECT_EQ(seen.product, (std::vector<double>{1, 2, 2, 4, 3, 6}));
  EXPECT_EQ(seen.small, (std::vector<bool>{true, true, true, false, false, false}));
}

TEST(ApiSweep, WhereLeavesPointsOut) {
  mlsi_test::TempFile file("api_sweep_where.mls", mlsi_test::kApiKinds);
  auto request = grid(file.path.string());
  request.where = "product > 2";  // products 4, 3, 6: points 3, 4, 5
  Seen seen;
  auto result = mlsi::api::Session().sweep(request, collect(seen));
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  EXPECT_EQ(result.total, 6u);
  EXPECT_EQ(result.passed, 3u);
  EXPECT_EQ(seen.index, (std::vector<std::uint64_t>{3, 4, 5}));
  EXPECT_EQ(seen.product, (std::vector<double>{4, 3, 6}));
}

TEST(ApiSweep, TheCallbackStopsIt) {
  mlsi_test::TempFile file("api_sweep_stop.mls", mlsi_test::kApiKinds);
  Seen seen;
  auto result = mlsi::api::Session().sweep(grid(file.path.string()), collect(seen, 2));
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  EXPECT_TRUE(result.stopped);
  EXPECT_EQ(result.passed, 2u);
  EXPECT_EQ(seen.index, (std::vector<std::uint64_t>{0, 1}));
}

TEST(ApiSweep, QuantitiesInTheColumnsUnitAndTheLimitOnPoints) {
  // ActivationMemory's `full` = L * s * b * h * bytes_per_value = 96 * 2048 * b * 12288 * 2 B = 4.5 * b GiB
  // (GPT3, see api_test.cpp), in the column's unit GiB.
  mlsi::api::SweepRequest request;
  request.run.scenario = "ActivationMemory";
  request.vary = {"microbatch=1,2,4"};
  std::vector<double> full, full_si;
  std::string unit;
  auto result = mlsi::api::Session().sweep(request, [&](const std::vector<mlsi::api::SweepColumn>& columns, const mlsi::api::SweepPoint& p) {
    for (std::size_t c = 0; c < columns.size(); ++c)
      if (columns[c].name == "full") {
        unit = columns[c].unit;
        full.push_back(p.cells[c].number);
        full_si.push_back(p.cells[c].si);
      }
    return true;
  });
  ASSERT_TRUE(result.ok) << result.diagnostics.render();
  EXPECT_EQ(unit, "GiB");
  EXPECT_EQ(full, (std::vector<double>{4.5, 9, 18}));
  EXPECT_EQ(full_si, (std::vector<double>{4.5 * 1073741824, 9.0 * 1073741824, 18.0 * 1073741824}));

  mlsi::api::SessionOptions options = mlsi_test::command_line_options();
  options.limits.max_sweep_points = 2;
  int calls = 0;
  auto refused = mlsi::api::Session(options).sweep(request, [&](const auto&, const auto&) { return ++calls > 0; });
  EXPECT_FALSE(refused.ok);
  EXPECT_EQ(calls, 0);
  ASSERT_EQ(refused.diagnostics.size(), 1u);
  auto cli = mlsi_test::mlsi({"sweep", "ActivationMemory", "--vary", "microbatch=1,2,4", "--max-points", "2"});
  EXPECT_EQ("error: " + refused.diagnostics[0].message + "\nrun `mlsi --help` for usage\n", cli.err);
}

TEST(ApiSweep, AnUnknownInputIsADiagnostic) {
  mlsi::api::SweepRequest request;
  request.run.scenario = "ActivationMemory";
  request.vary = {"microbatchh=1,2"};
  auto result = mlsi::api::Session().sweep(request, [](const auto&, const auto&) { return true; });
  EXPECT_FALSE(result.ok);
  EXPECT_TRUE(result.diagnostics.has_errors());
  // The command line's message, with the text named by the request's field instead of the option.
  std::string cli = mlsi_test::mlsi({"sweep", "ActivationMemory", "--vary", "microbatchh=1,2"}).err;
  ASSERT_EQ(cli.rfind("--vary:1:1: ", 0), 0u) << cli;
  EXPECT_EQ(result.diagnostics.render(), "vary:1:1: " + cli.substr(std::string("--vary:1:1: ").size()));
}

// vary_origin and where_origin name the texts in diagnostics (the Python module: `vary`, `where`).
TEST(ApiSweep, TheOriginsOfVaryAndWhereNameTheirTexts) {
  mlsi::api::SweepRequest request;
  request.run.scenario = "ActivationMemory";
  request.vary = {"microbatch=1 GB,2 GB"};
  request.vary_origin = "vary";
  auto table = mlsi::api::Session().sweep_table(request);
  ASSERT_FALSE(table.ok);
  EXPECT_EQ(table.diagnostics.render(),
            "vary:1:12: error: vary microbatch needs values of Count, found Information\n"
            " 1 | microbatch=1 GB,2 GB\n"
            "   |            ^~~~\n");
  request.vary = {"microbatch=1,2"};
  request.where = "full <= 3";
  request.where_origin = "where";
  table = mlsi::api::Session().sweep_table(request);
  ASSERT_FALSE(table.ok);
  ASSERT_GE(table.diagnostics.size(), 1u);
  EXPECT_EQ(table.diagnostics[0].location.file, "where");
  EXPECT_EQ(table.diagnostics[0].message, "cannot compare Information and Count");
}

// A text column holds each row's value as data too: a list's entries (Kinds: doubled = [2, 4, 8] GiB).
TEST(ApiSweep, ATextColumnHoldsItsValues) {
  mlsi_test::TempFile file("api_sweep_values.mls", mlsi_test::kApiKinds);
  mlsi::api::SweepRequest request;
  request.run.file = file.path.string();
  request.run.scenario = "Kinds";
  request.vary = {"chips=4,16"};
  auto table = mlsi::api::Session().sweep_table(request);
  ASSERT_TRUE(table.ok);
  auto doubled = std::find_if(table.columns.begin(), table.columns.end(), [](const auto& c) { return c.column.name == "doubled"; });
  ASSERT_NE(doubled, table.columns.end());
  ASSERT_EQ(doubled->values.size(), 2u);
  const mlsi::api::Value& list = doubled->values[0];
  ASSERT_EQ(list.kind, mlsi::api::Value::Kind::list);
  ASSERT_EQ(list.items.size(), 3u);
  EXPECT_EQ(list.items[2].si, 8.0 * 1024 * 1024 * 1024);
  EXPECT_EQ(doubled->texts[0], "[2, 4, 8] GiB");
}

}  // namespace
