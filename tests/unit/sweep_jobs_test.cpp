// `mlsi sweep -j N`, `mlsi solve --vary -j N` and Session::sweep_table with jobs: the points computed
// on N threads come out byte for byte as on one, in every format, with the failing points failing
// where they fail on one thread (issue #23). And `--shard K/N` is the K-th contiguous block, so that
// the parts, concatenated in K order with the header once, are the whole output.
#include <mlsi/mlsi.hpp>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <sstream>
#include <streambuf>

#include "cli_harness.hpp"
#include "solve/grid_solve.hpp"

namespace {

using mlsi_test::mlsi_here;
using mlsi_test::TempFile;

// Fails at x = -3..-1 (the input's `where`) and wherever mod(x, 97) is 0 (a division by zero): at
// chosen points, in chunks that different threads compute. `shares` is a list (a constant cell), `even`
// a Bool.
const char* kJobsScenario = R"(scenario Jobs {
  input x: Count = 1 where x >= 0
  input y: Count = 1
  input exact: Bool = false
  output ratio = 1000 / mod(x, 97) * y
  output bytes = x * y * 1 KiB -> KiB
  output even = mod(x, 2) == 0
  output shares = [1, 2, 3]
}
)";

// Points x = -3..20000 by y = 1, 2, 3: 60012 points, 30 chunks of Sweep::kChunkPoints.
const std::vector<std::string> kGrid = {"--vary", "x=-3..20000 step 1", "--vary", "y=1,2,3"};

std::vector<std::string> sweep_args(const TempFile& f, std::vector<std::string> extra) {
  std::vector<std::string> args = {"sweep", f.path.string()};
  args.insert(args.end(), kGrid.begin(), kGrid.end());
  args.insert(args.end(), extra.begin(), extra.end());
  return args;
}

TEST(SweepJobs, EveryFormatIsTheSameOnAnyNumberOfThreads) {
  TempFile f("jobs.mls", kJobsScenario);
  for (std::string format : {"csv", "table", "json", "jsonl"}) {
    auto one = mlsi_here(sweep_args(f, {"--format", format, "-j", "1"}));
    ASSERT_EQ(one.status, 0) << one.err;
    for (std::string jobs : {"2", "3", "8"}) {
      auto many = mlsi_here(sweep_args(f, {"--format", format, "-j", jobs}));
      EXPECT_EQ(many.status, 0) << many.err;
      EXPECT_TRUE(many.out == one.out) << format << " with -j " << jobs << " differs from -j 1";
    }
  }
}

TEST(SweepJobs, FailingPointsFailWhereTheyFail) {
  TempFile f("jobs.mls", kJobsScenario);
  auto r = mlsi_here(sweep_args(f, {"--format", "csv", "-j", "4"}));
  ASSERT_EQ(r.status, 0) << r.err;
  std::istringstream in(r.out);
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "x,y,ratio,bytes (KiB),even,shares,error");
  std::size_t rows = 0, where_errors = 0, division_errors = 0;
  while (std::getline(in, line)) {
    // Row i is x = -3 + i / 3, y = 1 + i % 3.
    long x = -3 + static_cast<long>(rows / 3);
    long y = 1 + static_cast<long>(rows % 3);
    std::string head = std::to_string(x) + "," + std::to_string(y) + ",";
    ASSERT_EQ(line.rfind(head, 0), 0u) << "row " << rows << ": " << line;
    bool fails_where = x < 0, divides_by_zero = x >= 0 && x % 97 == 0;
    if (fails_where) {
      ++where_errors;
      EXPECT_NE(line.find("does not satisfy"), std::string::npos) << line;
    } else if (divides_by_zero) {
      ++division_errors;
      EXPECT_NE(line.find("by zero"), std::string::npos) << line;
    } else {
      // ratio = 1000 / (x mod 97) * y; bytes = x * y KiB; shares = "[1, 2, 3]"; no error.
      EXPECT_EQ(line.back(), ',') << line;
      EXPECT_NE(line.find(std::to_string(x * y) + (x % 2 == 0 ? ",true," : ",false,") + "\"[1, 2, 3]\","), std::string::npos) << line;
    }
    ++rows;
  }
  EXPECT_EQ(rows, 20004u * 3u);
  EXPECT_EQ(where_errors, 3u * 3u);
  EXPECT_EQ(division_errors, (20000u / 97u + 1u) * 3u);  // x = 0, 97, ..., 19982
}

TEST(SweepJobs, WhereAndShardsAreTheSameOnAnyNumberOfThreads) {
  TempFile f("jobs.mls", kJobsScenario);
  auto one = mlsi_here(sweep_args(f, {"--format", "csv", "--where", "even and y != 2", "--shard", "2/3", "-j", "1"}));
  ASSERT_EQ(one.status, 0) << one.err;
  auto many = mlsi_here(sweep_args(f, {"--format", "csv", "--where", "even and y != 2", "--shard", "2/3", "-j4"}));
  EXPECT_EQ(many.status, 0) << many.err;
  EXPECT_TRUE(many.out == one.out);
}

TEST(SweepJobs, PointByPointSweepsAreTheSameOnAnyNumberOfThreads) {
  // A varied Bool is evaluated point by point (the tree evaluator), on each thread.
  TempFile f("jobs.mls", kJobsScenario);
  std::vector<std::string> args = {"sweep", f.path.string(), "--vary", "x=-2..3000 step 1", "--vary", "exact=true,false", "--format", "csv"};
  auto with = [&](const char* jobs) {
    auto a = args;
    a.insert(a.end(), {"-j", jobs});
    return mlsi_here(a);
  };
  auto one = with("1");
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(std::count(one.out.begin(), one.out.end(), '\n'), 1 + 3003 * 2);  // x = -2..3000: 3003 values
  auto many = with("3");
  EXPECT_TRUE(many.out == one.out);
}

TEST(SweepJobs, ShardsConcatenatedAreTheWholeSweep) {
  TempFile f("jobs.mls", kJobsScenario);
  auto whole = mlsi_here(sweep_args(f, {"--format", "csv", "-j", "2"}));
  ASSERT_EQ(whole.status, 0) << whole.err;
  for (std::size_t n : {1u, 2u, 7u, 64u}) {
    std::string joined;
    std::size_t smallest = SIZE_MAX, largest = 0;
    for (std::size_t k = 1; k <= n; ++k) {
      auto part = mlsi_here(sweep_args(f, {"--format", "csv", "--shard", std::to_string(k) + "/" + std::to_string(n)}));
      ASSERT_EQ(part.status, 0) << part.err;
      std::string rows = part.out.substr(part.out.find('\n') + 1);  // the header once, from the first part
      joined += k == 1 ? part.out : rows;
      std::size_t count = static_cast<std::size_t>(std::count(rows.begin(), rows.end(), '\n'));
      smallest = std::min(smallest, count);
      largest = std::max(largest, count);
    }
    EXPECT_TRUE(joined == whole.out) << n << " shards";
    // 60012 points in n blocks whose sizes differ by one at most.
    EXPECT_EQ(smallest, 60012 / n) << n;
    EXPECT_EQ(largest, (60012 + n - 1) / n) << n;
  }
}

TEST(SweepJobs, JsonLinesConcatenate) {
  // JSON Lines has no header: the parts concatenated are the whole, and every line is one row.
  TempFile f("jobs.mls", kJobsScenario);
  auto whole = mlsi_here(sweep_args(f, {"--format", "jsonl"}));
  std::string joined;
  for (int k = 1; k <= 3; ++k) joined += mlsi_here(sweep_args(f, {"--format", "jsonl", "--shard", std::to_string(k) + "/3"})).out;
  EXPECT_TRUE(joined == whole.out);
  EXPECT_EQ(whole.out.rfind("{\"x\": {\"value\": -3, \"unit\": \"\", \"si\": -3, \"dimension\": \"Count\"}, ", 0), 0u) << whole.out.substr(0, 200);
  EXPECT_EQ(std::count(whole.out.begin(), whole.out.end(), '\n'), 60012);
}

// A stream that takes `capacity` characters and then fails, as a full disk does.
class FailsAfter : public std::streambuf {
 public:
  explicit FailsAfter(std::size_t capacity) : capacity_(capacity) {}
  std::size_t taken = 0;

 protected:
  int_type overflow(int_type c) override {
    if (traits_type::eq_int_type(c, traits_type::eof())) return traits_type::not_eof(c);
    if (taken >= capacity_) return traits_type::eof();
    ++taken;
    return c;
  }
  std::streamsize xsputn(const char*, std::streamsize n) override {
    auto room = static_cast<std::streamsize>(capacity_ - std::min(capacity_, taken));
    auto t = std::min(n, room);
    taken += static_cast<std::size_t>(t);
    return t;
  }

 private:
  std::size_t capacity_;
};

TEST(SweepJobs, AFailedOutputStopsEveryThread) {
  TempFile f("jobs.mls", kJobsScenario);
  std::vector<std::string> args = {"sweep", f.path.string(), "--vary", "x=1..10000 step 1", "--vary", "y=1..10000 step 1", "-j", "4"};
  FailsAfter disk(100000);
  std::ostream out(&disk);
  std::ostringstream err;
  int status = mlsi::run_cli(args, mlsi::CliStreams{out, err, false, nullptr, false});
  EXPECT_EQ(status, 2);
  EXPECT_NE(err.str().find("error: cannot write to standard output"), std::string::npos) << err.str();
}

mlsi::GridAnswer grid(unsigned jobs, std::size_t top) {
  mlsi::GridSolveRequest r;
  r.run.target = "ParallelLayout";
  for (const char* v : {"tp=1,2,4,8", "pp=1,2,4,8,16", "microbatch=1..64 step 1", "dp=1..16 step 1"}) r.varies.push_back({v, mlsi::VaryOptions{}});
  r.objective = "step_time";
  r.conditions = {"state_per_device <= 80 GB"};
  r.top = top;
  r.jobs = jobs;
  mlsi::GridSolve solve(r);
  EXPECT_TRUE(solve.prepare().ok());
  return solve.run();
}

TEST(SweepJobs, GridSolveIsTheSameOnAnyNumberOfThreads) {
  for (std::size_t top : {1u, 7u, 2000u}) {
    mlsi::GridAnswer one = grid(1, top);
    for (unsigned jobs : {2u, 5u}) {
      mlsi::GridAnswer many = grid(jobs, top);
      ASSERT_EQ(many.best.size(), one.best.size()) << jobs;
      for (std::size_t i = 0; i < one.best.size(); ++i) {
        EXPECT_EQ(many.best[i].index, one.best[i].index) << i;
        EXPECT_EQ(many.best[i].objective, one.best[i].objective) << i;
      }
      EXPECT_EQ(many.evaluated, one.evaluated);
      EXPECT_EQ(many.feasible, one.feasible);
      EXPECT_EQ(many.failed_scenario, one.failed_scenario);
      EXPECT_EQ(many.failed_conditions, one.failed_conditions);
      EXPECT_EQ(many.excluded.has_value(), one.excluded.has_value());
      if (one.excluded && many.excluded) {
        EXPECT_EQ(many.excluded->index, one.excluded->index);
      }
      EXPECT_EQ(many.excluded_reason, one.excluded_reason);
      EXPECT_EQ(many.first_error, one.first_error);
    }
  }
}

TEST(SweepJobs, SweepTableIsTheSameOnAnyNumberOfThreads) {
  TempFile f("jobs.mls", kJobsScenario);
  mlsi::api::Session session;
  mlsi::api::SweepRequest request;
  request.run.file = f.path.string();
  request.vary = {"x=-3..20000 step 1", "y=1,2,3"};
  request.jobs = 1;
  mlsi::api::SweepTable one = session.sweep_table(request);
  ASSERT_TRUE(one.ok);
  request.jobs = 3;
  mlsi::api::SweepTable many = session.sweep_table(request);
  ASSERT_TRUE(many.ok);
  EXPECT_EQ(many.rows, one.rows);
  EXPECT_EQ(many.index, one.index);
  EXPECT_EQ(many.errors, one.errors);
  ASSERT_EQ(many.columns.size(), one.columns.size());
  for (std::size_t c = 0; c < one.columns.size(); ++c) {
    // NaN in failed points: compared by their bits.
    ASSERT_EQ(many.columns[c].si.size(), one.columns[c].si.size());
    // A text column has no numbers, and memcmp may not be given its null data().
    for (std::size_t r = 0; r < one.columns[c].si.size(); ++r) {
      EXPECT_EQ(std::bit_cast<std::uint64_t>(many.columns[c].si[r]), std::bit_cast<std::uint64_t>(one.columns[c].si[r]))
          << c << ' ' << r;
    }
    EXPECT_EQ(many.columns[c].flags, one.columns[c].flags) << c;
    EXPECT_EQ(many.columns[c].texts, one.columns[c].texts) << c;
  }
  // A shard's rows are the whole table's rows from its block on.
  request.shard_k = 2;
  request.shard_n = 3;
  mlsi::api::SweepTable part = session.sweep_table(request);
  ASSERT_TRUE(part.ok);
  ASSERT_EQ(part.rows, 20004u);
  EXPECT_EQ(part.index.front(), 20004u);
  EXPECT_TRUE(std::equal(part.index.begin(), part.index.end(), one.index.begin() + 20004));
  request.shard_k = 4;
  EXPECT_FALSE(session.sweep_table(request).ok);
}

}  // namespace
