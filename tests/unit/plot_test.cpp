// Plots: tick generation (exact ticks for given ranges, linear and log), the SVG a chart becomes, and
// `mlsi plot` / `mlsi sweep --plot` end to end, down to the PNG rsvg-convert draws from the SVG.
#include <png.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

#include <unistd.h>

#include "cli/cli.hpp"
#include "plot/plot_axes.hpp"
#include "plot/svg_plot.hpp"
#include "tests/unit/plot_support.hpp"
#include "plot/sweep_plot.hpp"

#include <gtest/gtest.h>  // after the interpreter headers: <signal.h> defines a macro `si_value`

namespace {

using mlsi::AxisScale;

using mlsi_test::ticks;

// Ticks are exact decimals: 0.6 is the double nearest 0.6, not 3 * 0.2.
TEST(PlotAxes, LinearTicksAtOneTwoFiveSteps) {
  // 0..10 in about 6 steps: a raw step of 1.67 rounds up to 2.
  EXPECT_EQ(ticks(mlsi::linear_axis(0, 10)), (std::vector<double>{0, 2, 4, 6, 8, 10}));
  // 0.13..0.97: a raw step of 0.14 rounds up to 0.2; the axis widens to 0..1.
  auto a = mlsi::linear_axis(0.13, 0.97);
  EXPECT_EQ(ticks(a), (std::vector<double>{0, 0.2, 0.4, 0.6, 0.8, 1.0}));
  EXPECT_EQ(a.lo, 0);
  EXPECT_EQ(a.hi, 1);
  // -3..7: step 2, widened to -4..8.
  EXPECT_EQ(ticks(mlsi::linear_axis(-3, 7)), (std::vector<double>{-4, -2, 0, 2, 4, 6, 8}));
  // 1024..16384: a raw step of 2560 rounds up to 5000.
  EXPECT_EQ(ticks(mlsi::linear_axis(1024, 16384)), (std::vector<double>{0, 5000, 10000, 15000, 20000}));
  // 0..1000 exactly: a raw step of 166.7 rounds up to 200, and the ends are ticks themselves.
  EXPECT_EQ(ticks(mlsi::linear_axis(0, 1000)), (std::vector<double>{0, 200, 400, 600, 800, 1000}));
  // A single value is widened by 10% either side: 4.5..5.5, step 0.2.
  EXPECT_EQ(ticks(mlsi::linear_axis(5, 5)), (std::vector<double>{4.4, 4.6, 4.8, 5, 5.2, 5.4, 5.6}));
}

TEST(PlotAxes, LogTicksAtDecades) {
  // Within two decades the ticks are 1, 2, 5 times each power of ten.
  EXPECT_EQ(ticks(mlsi::log_axis(1, 64)), (std::vector<double>{1, 2, 5, 10, 20, 50, 100}));
  EXPECT_EQ(ticks(mlsi::log_axis(1024, 65536)), (std::vector<double>{1000, 2000, 5000, 10000, 20000, 50000, 100000}));
  EXPECT_EQ(ticks(mlsi::log_axis(0.5, 0.5)), (std::vector<double>{0.1, 0.2, 0.5, 1}));
  // Exact powers of ten are the ends themselves: 1e-3..1e9 is 12 decades, ticked every second one.
  EXPECT_EQ(ticks(mlsi::log_axis(1e-3, 1e9)), (std::vector<double>{1e-3, 1e-1, 1e1, 1e3, 1e5, 1e7, 1e9}));
  // Five decades: every decade.
  EXPECT_EQ(ticks(mlsi::log_axis(3, 2e5)), (std::vector<double>{1, 10, 100, 1e3, 1e4, 1e5, 1e6}));
  EXPECT_TRUE(mlsi::log_axis(3, 2e5).log);
}

TEST(PlotAxes, TickLabels) {
  auto a = mlsi::linear_axis(0.13, 0.97);
  EXPECT_EQ(mlsi::tick_label(0.6, a), "0.6");
  EXPECT_EQ(mlsi::tick_label(1.0, a), "1.0");
  EXPECT_EQ(mlsi::tick_label(0, a), "0");
  auto b = mlsi::linear_axis(1024, 16384);
  EXPECT_EQ(mlsi::tick_label(15000, b), "15000");
  auto c = mlsi::linear_axis(0, 4e7);
  EXPECT_EQ(mlsi::tick_label(2e7, c), "2e7");
  auto l = mlsi::log_axis(1e-3, 1e9);
  EXPECT_EQ(mlsi::tick_label(1e-3, l), "0.001");
  EXPECT_EQ(mlsi::tick_label(1e3, l), "1000");
  EXPECT_EQ(mlsi::tick_label(1e9, l), "1e9");
  EXPECT_EQ(mlsi::tick_label(1e-7, mlsi::log_axis(1e-7, 1e-5)), "1e-7");
}

TEST(PlotAxes, FractionAlongTheAxis) {
  auto lin = mlsi::linear_axis(0, 10);
  EXPECT_DOUBLE_EQ(lin.fraction(5), 0.5);
  auto log = mlsi::log_axis(1, 64);  // 1..100
  EXPECT_DOUBLE_EQ(log.fraction(10), 0.5);
}

TEST(SvgPlot, AxesLegendAndGaps) {
  mlsi::LineChart chart;
  chart.title = "A <B> & C";
  chart.x_label = "seq_len (KiB)";
  chart.y_label = "memory (GiB)";
  chart.legend_title = "batch";
  chart.lines.push_back({"1 GB", {1, 2, 3, 4}, {1, 2, std::nan(""), 4}});
  chart.lines.push_back({"2 GB", {1, 2, 3, 4}, {2, 4, 6, 8}});
  std::string svg = mlsi::render_svg(chart);
  EXPECT_EQ(svg.rfind("<svg xmlns=\"http://www.w3.org/2000/svg\"", 0), 0u);
  EXPECT_NE(svg.find(">seq_len (KiB)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">memory (GiB)</text>"), std::string::npos);
  EXPECT_NE(svg.find(">A &lt;B&gt; &amp; C</text>"), std::string::npos);  // escaped title
  EXPECT_NE(svg.find(">batch</text>"), std::string::npos);
  EXPECT_NE(svg.find(">1 GB</text>"), std::string::npos);
  EXPECT_NE(svg.find(">2 GB</text>"), std::string::npos);
  // No external resources: no links, images, styles or fonts from elsewhere.
  EXPECT_EQ(svg.find("href"), std::string::npos);
  EXPECT_EQ(svg.find("@import"), std::string::npos);
  // The first line has a gap at x = 3: its path is the piece x = 1..2 (one `M`, one `L`); x = 4 alone
  // is only a dot. The second line is one piece. Few points: every point has a dot (3 and 4).
  auto path_of = [&](const std::string& colour) {
    auto at = svg.find("stroke=\"" + colour + "\"");
    auto start = svg.rfind("<path d=\"", at);
    return svg.substr(start, at - start);
  };
  std::string first = path_of(mlsi::line_colour(0)), second = path_of(mlsi::line_colour(1));
  EXPECT_EQ(std::count(first.begin(), first.end(), 'M'), 1);
  EXPECT_EQ(std::count(first.begin(), first.end(), 'L'), 1);
  EXPECT_EQ(std::count(second.begin(), second.end(), 'M'), 1);
  EXPECT_EQ(std::count(second.begin(), second.end(), 'L'), 3);
  auto dots = [&](const std::string& colour) {
    std::string dot = "r=\"3\" fill=\"" + colour + "\"";
    std::size_t n = 0;
    for (auto at = svg.find(dot); at != std::string::npos; at = svg.find(dot, at + 1)) ++n;
    return n;
  };
  EXPECT_EQ(dots(mlsi::line_colour(0)), 3u);
  EXPECT_EQ(dots(mlsi::line_colour(1)), 4u);
  EXPECT_NE(mlsi::line_colour(0), mlsi::line_colour(1));
  // y runs 1..8: a raw step of 7 / 6 = 1.17 rounds up to 2, so the ticks are 0, 2, ..., 8.
  for (const char* t : {">0</text>", ">2</text>", ">4</text>", ">6</text>", ">8</text>"}) EXPECT_NE(svg.find(t), std::string::npos) << t;
}

struct CliResult {
  int status;
  std::string out, err;
};

CliResult cli(const std::vector<std::string>& args) {
  std::ostringstream out, err;
  int status = mlsi::run_cli(args, mlsi::CliStreams{out, err, false});
  return {status, out.str(), err.str()};
}

TEST(Plot, PlotCommandWritesAnSvgWithUnitsAndLegend) {
  auto r = cli({"plot", "ActivationMemory", "--x", "seq_len=1024..8192", "--y", "none", "--series", "microbatch=1,2,4"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "");
  // `none` is declared `-> GiB`; seq_len is a Count.
  EXPECT_NE(r.out.find(">none (GiB)</text>"), std::string::npos);
  EXPECT_NE(r.out.find(">seq_len</text>"), std::string::npos);
  // The legend: the series input, then one entry per value, each after its colour's sample line.
  auto legend = r.out.substr(r.out.find("<g class=\"legend\">"));
  EXPECT_NE(legend.find(">microbatch</text>"), std::string::npos) << legend;
  for (int k = 0; k < 3; ++k) {
    auto sample = legend.find("stroke=\"" + mlsi::line_colour(static_cast<std::size_t>(k)) + "\"");
    ASSERT_NE(sample, std::string::npos);
    auto text_at = legend.find("<text", sample);
    auto open = legend.find('>', text_at) + 1;
    EXPECT_EQ(legend.substr(open, legend.find('<', open) - open), std::to_string(1 << k));
  }
  EXPECT_NE(r.out.find(">ActivationMemory</text>"), std::string::npos);
  // 50 points a line, three lines: three paths of one `M` and 49 `L` each.
  std::size_t paths = 0, moves = 0;
  for (std::size_t at = r.out.find("<path d=\""); at != std::string::npos; at = r.out.find("<path d=\"", at + 1)) {
    ++paths;
    std::string d = r.out.substr(at, r.out.find('"', at + 9) - at);
    EXPECT_EQ(std::count(d.begin(), d.end(), 'L'), 49);
    moves += static_cast<std::size_t>(std::count(d.begin(), d.end(), 'M'));
  }
  EXPECT_EQ(paths, 3u);
  EXPECT_EQ(moves, 3u);
}

TEST(Plot, QuantityInputsChooseOneUnitForTheAxis) {
  // An input is shown in the unit its values are written in; two outputs share the y axis and the
  // legend names them.
  auto r = cli({"plot", "ActivationMemory", "--x", "bytes_per_value=1 byte..4 byte", "--y", "full,selective", "--log-y"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_NE(r.out.find(">full, selective (GiB)</text>"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find(">bytes_per_value (byte)</text>"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("<text x=\"658.00\" y=\"58.00\">full</text>"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("<text x=\"658.00\" y=\"76.00\">selective</text>"), std::string::npos) << r.out;

  // An output without a declared unit takes the unit of its largest value for the whole axis:
  // size = n * 2 GB for n = 1..1000 reaches 2000 GB = 2 TB, so the axis is in TB, ticked 0..2 by 0.5.
  namespace fs = std::filesystem;
  fs::path file = fs::temp_directory_path() / ("mlsi_plot_grow_" + std::to_string(::getpid()) + ".mls");
  std::ofstream(file) << "scenario Grow {\n  input n: Count = 1\n  output size = n * 2 GB\n}\n";
  auto g = cli({"plot", file.string(), "--x", "n=1..1000"});
  fs::remove(file);
  ASSERT_EQ(g.status, 0) << g.err;
  EXPECT_NE(g.out.find(">size (TB)</text>"), std::string::npos) << g.out;
  EXPECT_NE(g.out.find(">n</text>"), std::string::npos) << g.out;
  for (const char* t : {">0</text>", ">0.5</text>", ">1.0</text>", ">1.5</text>", ">2.0</text>"}) EXPECT_NE(g.out.find(t), std::string::npos) << t;
  // One line: no legend.
  EXPECT_EQ(g.out.find("class=\"legend\""), std::string::npos);
}

TEST(Plot, FailedPointsAreGaps) {
  // microbatch must be whole: of 1, 1.5, ..., 4 only 1, 2, 3, 4 have values, each between two failed
  // points, so each line is four lone dots and no path; the failures are counted on standard error.
  auto r = cli({"plot", "ActivationMemory", "--x", "microbatch=1..4 step 0.5", "--series", "seq_len=2048,4096"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err.rfind("warning: 6 of 14 points failed and are gaps in the lines; the first: input `microbatch` = 1.5", 0), 0u) << r.err;
  EXPECT_EQ(r.out.find("<path"), std::string::npos);
  for (std::size_t l = 0; l < 2; ++l) {
    std::string dot = "r=\"3\" fill=\"" + mlsi::line_colour(l) + "\"";
    std::size_t dots = 0;
    for (auto at = r.out.find(dot); at != std::string::npos; at = r.out.find(dot, at + 1)) ++dots;
    EXPECT_EQ(dots, 4u) << l;
  }
}

TEST(Plot, LogAxisNeedsPositiveValues) {
  auto r = cli({"plot", "ActivationMemory", "--x", "seq_len=0..100", "--log-x"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("a range on a log axis needs 0 < start < end"), std::string::npos) << r.err;
}

// The PNG rsvg-convert draws from a sweep's plot: its size, how much of it is drawn, and the colours
// of its lines.
struct Png {
  unsigned width = 0, height = 0;
  std::vector<unsigned char> rgba;
};

Png read_png(const std::string& path) {
  png_image image{};
  image.version = PNG_IMAGE_VERSION;
  Png out;
  if (!png_image_begin_read_from_file(&image, path.c_str())) {
    ADD_FAILURE() << "cannot read " << path << ": " << image.message;
    return out;
  }
  image.format = PNG_FORMAT_RGBA;
  out.rgba.resize(PNG_IMAGE_SIZE(image));
  if (!png_image_finish_read(&image, nullptr, out.rgba.data(), 0, nullptr)) {
    ADD_FAILURE() << "cannot decode " << path << ": " << image.message;
    png_image_free(&image);
    return out;
  }
  out.width = image.width;
  out.height = image.height;
  return out;
}

TEST(Plot, SweepPlotRendersToANonBlankPng) {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("mlsi_plot_test_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::string svg = (dir / "sweep.svg").string(), png = (dir / "sweep.png").string();
  auto r = cli({"sweep", "ActivationMemory", "--vary", "seq_len=512..8192 step 512", "--vary", "microbatch=1,2,4,8", "--format", "csv",
                "--plot", svg, "--y", "none"});
  ASSERT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(std::count(r.out.begin(), r.out.end(), '\n'), 1 + 16 * 4);  // the rows still stream out
  std::string command = std::string(MLSI_RSVG_CONVERT) + " -o '" + png + "' '" + svg + "'";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  Png image = read_png(png);
  EXPECT_EQ(image.width, 800u);
  EXPECT_EQ(image.height, 480u);
  ASSERT_EQ(image.rgba.size(), 800u * 480u * 4u);
  std::size_t drawn = 0;
  std::map<std::string, std::size_t> line_pixels;  // pixels of each line colour, within anti-aliasing
  for (std::size_t i = 0; i < image.rgba.size(); i += 4) {
    int r8 = image.rgba[i], g8 = image.rgba[i + 1], b8 = image.rgba[i + 2];
    if (r8 < 250 || g8 < 250 || b8 < 250) ++drawn;
    for (std::size_t l = 0; l < 4; ++l) {
      std::string hex = mlsi::line_colour(l);
      int cr = std::stoi(hex.substr(1, 2), nullptr, 16), cg = std::stoi(hex.substr(3, 2), nullptr, 16), cb = std::stoi(hex.substr(5, 2), nullptr, 16);
      if (std::abs(r8 - cr) + std::abs(g8 - cg) + std::abs(b8 - cb) < 24) ++line_pixels[hex];
    }
  }
  // Frame, grid, text and four lines: well over 2% of the 384000 pixels are not background.
  EXPECT_GT(drawn, 384000u / 50) << drawn;
  EXPECT_LT(drawn, 384000u / 2) << drawn;
  // Four distinct line colours, each a line of a few hundred pixels (a 2-pixel line ~500 pixels long
  // crossing the plot), not a stray pixel of anti-aliasing.
  ASSERT_EQ(line_pixels.size(), 4u);
  for (const auto& [colour, n] : line_pixels) EXPECT_GT(n, 300u) << colour;
  fs::remove_all(dir);
}

}  // namespace

namespace {

// kMaxPlotPoints points are drawn, one more is refused before anything is evaluated: 100000 values of
// n on x are one path of one `M` and 99999 `L`.
TEST(Plot, AtMostAHundredThousandPoints) {
  namespace fs = std::filesystem;
  fs::path file = fs::temp_directory_path() / ("mlsi_plot_many_" + std::to_string(::getpid()) + ".mls");
  std::ofstream(file) << "scenario Many {\n  input n: Count = 1\n  output y = n * 2\n}\n";
  auto ok = cli({"plot", file.string(), "--x", "n=1..100000 step 1"});
  auto refused = cli({"sweep", file.string(), "--vary", "n=1..100001 step 1", "--plot", "/dev/null"});
  fs::remove(file);
  ASSERT_EQ(ok.status, 0) << ok.err;
  auto path = ok.out.find("<path d=\"");
  ASSERT_NE(path, std::string::npos);
  std::string d = ok.out.substr(path, ok.out.find('"', path + 9) - path);
  EXPECT_EQ(std::count(d.begin(), d.end(), 'M'), 1);
  EXPECT_EQ(std::count(d.begin(), d.end(), 'L'), 99999);
  EXPECT_EQ(refused.status, 2);
  EXPECT_EQ(refused.out, "");  // not one row
  EXPECT_EQ(refused.err.rfind("error: a plot draws at most 100000 points, and this one has 100001 (100001 values of `n`)", 0), 0u) << refused.err;
}

// The chart a plot of ZeroSharding gathers, in display units, before it becomes SVG.
mlsi::LineChart zero_sharding_chart(const std::string& y, const std::string& x = "n_devices=8,16,32,64", const std::string& series = "") {
  namespace fs = std::filesystem;
  auto previous = fs::current_path();
  fs::current_path(MLSI_SOURCE_DIR);
  mlsi::SweepTask request;
  request.run.target = "ZeroSharding";
  request.varies = mlsi::plot_varies(x, series, false);
  mlsi::Sweep sweep(request);
  mlsi::LineChart chart;
  mlsi::Outcome prepared = sweep.prepare(&mlsi::SweepPlot::refuse);
  EXPECT_TRUE(prepared.ok()) << prepared.message;
  mlsi::SweepPlot plot;
  mlsi::PlotRequest plotted{y, false, false};
  mlsi::Outcome ready = plot.setup(sweep, plotted);
  EXPECT_TRUE(ready.ok()) << ready.message;
  if (prepared.ok() && ready.ok()) {
    sweep.run(1, 1, [&](std::size_t index, const std::vector<mlsi::PointCell>& cells, const std::string& error) { plot.add(index, cells, error); });
    mlsi::Outcome drawn = plot.chart(sweep, plotted, chart);
    EXPECT_TRUE(drawn.ok()) << drawn.message;
  }
  fs::current_path(previous);
  return chart;
}

TEST(Plot, ListOutputIsOneLinePerEntry) {
  // GPT-3 (175e9 parameters) at the defaults: 2 + 2 + 12 = 16 bytes per parameter. Per device, from the
  // ZeRO paper's formulas (zero_sharding.mls): stage 0 = 16 Ψ = 2800 GB at any N; stage 1 = 4 Ψ + 12 Ψ/N;
  // stage 2 = 2 Ψ + 14 Ψ/N; stage 3 = 16 Ψ/N. In GB (Ψ = 175 G): 700 + 2100/N, 350 + 2450/N, 2800/N.
  auto chart = zero_sharding_chart("per_device");
  ASSERT_EQ(chart.lines.size(), 4u);
  EXPECT_EQ(chart.y_label, "per_device (GB)");
  EXPECT_EQ(chart.legend_title, "per_device");
  const double n[] = {8, 16, 32, 64};
  for (std::size_t stage = 0; stage < 4; ++stage) {
    EXPECT_EQ(chart.lines[stage].label, "stage " + std::to_string(stage));  // the output's `Entries:` line
    ASSERT_EQ(chart.lines[stage].y.size(), 4u);
    for (std::size_t i = 0; i < 4; ++i) {
      double expected[] = {2800, 700 + 2100 / n[i], 350 + 2450 / n[i], 2800 / n[i]};
      EXPECT_NEAR(chart.lines[stage].y[i], expected[stage], 1e-9 * expected[stage]) << stage << " at " << n[i];
      EXPECT_EQ(chart.lines[stage].x[i], n[i]);
    }
  }
  // One entry, indexed from 0: stage 3 alone, one line, no legend.
  auto one = zero_sharding_chart("per_device[3]");
  ASSERT_EQ(one.lines.size(), 1u);
  EXPECT_EQ(one.y_label, "per_device[3] (GB)");
  EXPECT_EQ(one.legend_title, "");
  for (std::size_t i = 0; i < 4; ++i) EXPECT_NEAR(one.lines[0].y[i], 2800 / n[i], 1e-9 * 2800 / n[i]);
  // Entries of two lists, each line named as --y writes it: stage 1 and stage 3 at N = 64.
  auto both = zero_sharding_chart("per_device[1],communication[3]", "n_devices=64", "");
  ASSERT_EQ(both.lines.size(), 2u);
  EXPECT_EQ(both.lines[0].label, "per_device[1]");
  EXPECT_EQ(both.lines[1].label, "communication[3]");
  EXPECT_NEAR(both.lines[0].y[0], 700 + 2100 / 64.0, 1e-9);
  // Stage 3 sends 3 Ψ elements of 2 byte: 1050 GB.
  EXPECT_NEAR(both.lines[1].y[0], 1050, 1e-9);
}

TEST(Plot, ListIndexOnYIsCheckedBeforeAnyPoint) {
  auto past = cli({"plot", "ZeroSharding", "--x", "n_devices=8,16", "--y", "per_device[4]"});
  EXPECT_EQ(past.status, 2);
  EXPECT_EQ(past.out, "");
  EXPECT_NE(past.err.find("error: index 4 is out of range: `per_device` has 4 entries (indices 0 to 3)"), std::string::npos) << past.err;
  auto word = cli({"plot", "ZeroSharding", "--x", "n_devices=8,16", "--y", "per_device[one]"});
  EXPECT_EQ(word.status, 2);
  EXPECT_NE(word.err.find("an entry of a list is picked by a whole number from 0, as in `per_device[0]`"), std::string::npos) << word.err;
  auto scalar = cli({"plot", "ActivationMemory", "--x", "seq_len=1024,2048", "--y", "full[0]"});
  EXPECT_EQ(scalar.status, 2);
  EXPECT_NE(scalar.err.find("`full` is Information, not a list"), std::string::npos) << scalar.err;
  auto bools = cli({"plot", "ZeroSharding", "--x", "n_devices=8,16", "--y", "fits"});
  EXPECT_EQ(bools.status, 2);
  EXPECT_NE(bools.err.find("--y needs a numeric output or a list of numbers; `fits` is List[Bool]"), std::string::npos) << bools.err;
  // `sweep --plot` reads --y the same way.
  auto sweep = cli({"sweep", "ZeroSharding", "--vary", "n_devices=8,16", "--plot", "/dev/null", "--y", "per_device[4]"});
  EXPECT_EQ(sweep.status, 2);
  EXPECT_EQ(sweep.out, "");
  EXPECT_NE(sweep.err.find("index 4 is out of range: `per_device` has 4 entries"), std::string::npos) << sweep.err;
}

}  // namespace
