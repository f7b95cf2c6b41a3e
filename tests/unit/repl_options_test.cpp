// The REPL starts from its own options and streams (repl/repl_options.hpp), with no command line: what
// the tests of `mlsi repl` show through run_cli holds when a front end other than the CLI starts it.
#include <sstream>
#include <string>
#include <vector>

#include "repl/repl.hpp"
#include "tests/unit/test_support.hpp"

#include <gtest/gtest.h>

namespace {

using mlsi_test::lines_of;

// `:list` and `:show` reach the library listing (report/catalogue_listing.hpp) through it.
TEST(ReplWithoutCommandLine, ListsAndShowsThroughTheLibrary) {
  std::istringstream in(":list hardware\n:show GiB\n:list hardwar\n");
  std::ostringstream out, err;
  mlsi::ReplOptions options;
  auto end = mlsi::run_repl(options, mlsi::ReplStreams{out, err, false, &in, false});
  EXPECT_EQ(end, mlsi::ReplEnd::entry_failed);  // `:list hardwar` fails
  auto shown = lines_of(out.str());
  // The header, 53 hardware entries (stdlib/catalogue/hardware: 34 in cloud.toml, 8 edge, 4 mobile,
  // 5 tiny, 2 workstation), the count; then GiB = 2^30 byte (stdlib/prelude/units.mls).
  ASSERT_GE(shown.size(), 56u);
  EXPECT_EQ(shown[0].substr(0, 4), "key ");
  EXPECT_EQ(shown[54], "53 entries");
  EXPECT_EQ(shown[55], "unit GiB (Information) = 1073741824 byte");
  EXPECT_EQ(err.str(), "error: cannot list `hardwar`; did you mean `hardware`?; the kinds are hardware, workloads, nodes, fabrics, "
                       "fleets, pods, datasets, precisions, grids, datacenters, cooling, racks, pricing, units, constants, scenarios\n");
}

// A session whose catalogue does not load does not start, and says why; a catalogue file that cannot be
// read is the command line's problem (`mlsi repl` exits 2, as for a FILE), not a source's.
TEST(ReplWithoutCommandLine, AMissingCatalogueFileStopsTheStart) {
  std::istringstream in("1 + 1\n");
  std::ostringstream out, err;
  mlsi::ReplOptions options;
  options.session.catalogues = {"no_such_catalogue_file.toml"};
  EXPECT_EQ(mlsi::run_repl(options, mlsi::ReplStreams{out, err, false, &in, false}), mlsi::ReplEnd::unreadable);
  EXPECT_EQ(out.str(), "");
  EXPECT_EQ(err.str(), "error: cannot find catalogue file `no_such_catalogue_file.toml`\n");
}

// A scripted session in which every entry succeeds ends ok; the limits are the REPL's own.
TEST(ReplWithoutCommandLine, TakesItsLimitsFromItsOptions) {
  std::istringstream in("1 GiB -> MB\n");
  std::ostringstream out, err;
  mlsi::ReplOptions options;
  EXPECT_EQ(mlsi::run_repl(options, mlsi::ReplStreams{out, err, false, &in, false}), mlsi::ReplEnd::ok);
  // 2^30 B / 10^6 = 1073.741824 MB, shown to six significant digits.
  EXPECT_EQ(out.str(), "= 1073.74 MB  [Information]\n");
  std::istringstream again("sum([x * 2 for x in range(1, 1000)])\n");
  std::ostringstream out2, err2;
  options.limits.max_steps = 10;  // far fewer than the ~3000 steps of a 999-element comprehension
  EXPECT_EQ(mlsi::run_repl(options, mlsi::ReplStreams{out2, err2, false, &again, false}), mlsi::ReplEnd::entry_failed);
  EXPECT_EQ(out2.str(), "");
  // Stopped where the comprehension's list is made: `range` starts at column 21.
  EXPECT_EQ(err2.str().substr(0, err2.str().find('\n')), "<repl>:1:21: error: evaluation stopped after 10 steps");
}

}  // namespace
