// `mlsi sweep --shard K/N`: the shards, concatenated in K order, are the unsharded sweep, and a sweep
// streams the same rows through the block-compiled program and point by point.
#include <algorithm>
#include <sstream>

#include "cli/cli.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace {

std::vector<std::string> data_rows(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int status = mlsi::run_cli(args, mlsi::CliStreams{out, err, false});
  EXPECT_EQ(status, 0) << err.str();
  std::vector<std::string> rows;
  std::istringstream in(out.str());
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) rows.push_back(line);
  return rows;
}

TEST(Sweep, ShardsTogetherAreTheWholeSweep) {
  const std::vector<std::string> base = {"sweep", "ActivationMemory", "--vary", "microbatch=1..7 step 1",
                                         "--vary", "seq_len=512..2048 *2", "--format", "csv"};
  auto whole = data_rows(base);
  ASSERT_EQ(whole.size(), 7u * 3u);  // 7 microbatches x {512, 1024, 2048}
  std::vector<std::string> joined;
  for (int k = 1; k <= 4; ++k) {
    auto args = base;
    args.push_back("--shard");
    args.push_back(std::to_string(k) + "/4");
    auto part = data_rows(args);
    // 21 points in 4 contiguous blocks: 6, 5, 5, 5 (the first 21 mod 4 blocks hold one more).
    EXPECT_EQ(part.size(), k == 1 ? 6u : 5u) << "shard " << k;
    joined.insert(joined.end(), part.begin(), part.end());
  }
  EXPECT_EQ(joined, whole);
}

TEST(Sweep, ErrorRowsDoNotStopTheSweep) {
  auto rows = data_rows({"sweep", "ActivationMemory", "--vary", "microbatch=0,1,2", "--format", "csv"});
  ASSERT_EQ(rows.size(), 3u);
  EXPECT_NE(rows[0].find("does not satisfy"), std::string::npos) << rows[0];
  // GPT-3, seq 2048, microbatch 2: 2 x 256.5 GiB = 513 GiB (training-scenarios-1.md gpt3_seq2048 doubled).
  EXPECT_EQ(rows[2].rfind("2,513,153,9,", 0), 0u) << rows[2];
}

TEST(Sweep, ManyPointsStreamWithTheSameValuesAsOneRun) {
  // 300 points cross a block boundary (256); point 300 is microbatch 300: 300 x 256.5 GiB = 76950 GiB.
  auto rows = data_rows({"sweep", "ActivationMemory", "--vary", "microbatch=1..300 step 1", "--format", "csv"});
  ASSERT_EQ(rows.size(), 300u);
  EXPECT_EQ(rows.back().rfind("300,76950,22950,1350,", 0), 0u) << rows.back();
}

}  // namespace
