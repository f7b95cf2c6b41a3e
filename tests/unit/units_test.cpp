// Unit conversions through the real pipeline: each row is an expression as a user writes it in .mls,
// ending in `-> unit`, and the number it must show in that unit. The expression is parsed, checked and
// evaluated by a ProgramSession (prelude units included); the SI value is divided by the factor of the `->`
// unit. Every expected value is derived by hand from the unit DEFINITIONS (stdlib/prelude/units.mls and
// docs/language.md §17.1), never from running mlsi: the derivation is on each row.
#include <cmath>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "syntax/parser.hpp"
#include "session/session.hpp"

// gtest after the interpreter headers: <signal.h> (pulled in by gtest) defines a macro `si_value`,
// which must not meet an interpreter declaration that uses the name.
#include <gtest/gtest.h>

namespace {

struct Conversion {
  const char* expr;
  double expected;
};

// Definitions used below (SI base units: byte, FLOP, s, J, W = J/s, USD, kg, m^3):
//   bit = 1/8 byte; B = byte; kB MB GB TB PB = 1e3 1e6 1e9 1e12 1e15 B; KiB MiB GiB TiB = 2^10 2^20 2^30 2^40 B
//   Gbps = 1e9 bit/s; kFLOP .. ZFLOP = 1e3 .. 1e21 FLOP; OPS = 1 FLOP/s (MOPS GOPS TOPS = 1e6 1e9 1e12)
//   ns us ms = 1e-9 1e-6 1e-3 s; min = 60 s; h = hour = 3600 s; day = 86400 s; week = 7 day;
//   month = 30 day; year = 365 day; Hz = 1/s; kHz = 1e3 Hz
//   Wh = 3600 J; kWh MWh GWh = 1e3 1e6 1e9 Wh; pJ mJ = 1e-12 1e-3 J; mW kW MW = 1e-3 1e3 1e6 W
//   g = 1e-3 kg; t = 1000 kg; L = 1e-3 m^3; % = 0.01
const std::vector<Conversion> kConversions = {
    // ---- bit and byte --------------------------------------------------------------------------
    {"1 byte -> bit", 8},                        // 1 B / (1/8 B) = 8
    {"1 bit -> byte", 0.125},                    // (1/8 B) / 1 B = 0.125
    {"12 B -> byte", 12},                        // B = byte
    {"1 kB -> bit", 8000},                       // 1e3 B / (1/8 B) = 8000
    // ---- decimal prefixes ------------------------------------------------------------------------
    {"1 kB -> B", 1000},                         // 1e3 B / 1 B
    {"1 MB -> kB", 1000},                        // 1e6 / 1e3
    {"2.5 GB -> MB", 2500},                      // 2.5e9 / 1e6
    {"1 TB -> GB", 1000},                        // 1e12 / 1e9
    {"1 PB -> TB", 1000},                        // 1e15 / 1e12
    {"2.8e12 byte -> TB", 2.8},                  // 2.8e12 B / 1e12 B
    // ---- binary prefixes and the two systems against each other ------------------------------------
    {"1 KiB -> B", 1024},                        // 2^10 B
    {"1 MiB -> KiB", 1024},                      // 2^20 / 2^10
    {"1 GiB -> MiB", 1024},                      // 2^30 / 2^20
    {"1 TiB -> GiB", 1024},                      // 2^40 / 2^30
    {"1 GiB -> MB", 1073.741824},                // 2^30 B / 1e6 B = 1073741824 / 1e6
    {"80 GiB -> GB", 85.89934592},               // 80 * 2^30 / 1e9 = 85899345920 / 1e9
    {"1 GB -> GiB", 0.931322574615478515625},    // 1e9 / 2^30 = 5^9 / 2^21 = 1953125 / 2097152
    {"1 TiB -> TB", 1.099511627776},             // 2^40 / 1e12 = 1099511627776 / 1e12
    {"1 KiB -> kB", 1.024},                      // 1024 / 1000
    {"1 PB -> TiB", 909.4947017729282379150390625}, // 1e15 / 2^40 = 5^15 / 2^25 = 30517578125 / 33554432
    // ---- bandwidth ---------------------------------------------------------------------------------
    {"1 Gbps -> GB/s", 0.125},                   // 1e9 bit/s = 1e9/8 B/s = 1.25e8 B/s; / 1e9 B/s
    {"400 Gbps -> GB/s", 50},                    // 400 * 0.125
    {"1 GB/s -> Gbps", 8},                       // 1e9 B/s / 1.25e8 B/s
    {"1 GiB/s -> GB/s", 1.073741824},            // 2^30 / 1e9
    {"1 TB/s -> GiB/s", 931.322574615478515625}, // 1e12 / 2^30 = 1000 * (5^9 / 2^21)
    {"3.35 TB/s -> GB/s", 3350},                 // 3.35e12 / 1e9
    {"1 GiB * 8 / (1 s) -> Gbps", 68.719476736}, // 8 * 2^30 B/s = 8589934592 B/s; / 1.25e8 B/s
    // ---- compute: FLOP prefixes to ZFLOP ------------------------------------------------------------
    {"1 kFLOP -> FLOP", 1000},                   // 1e3 FLOP
    {"1 MFLOP -> kFLOP", 1000},                  // 1e6 / 1e3
    {"1 GFLOP -> MFLOP", 1000},                  // 1e9 / 1e6
    {"1 TFLOP -> GFLOP", 1000},                  // 1e12 / 1e9
    {"1 PFLOP -> TFLOP", 1000},                  // 1e15 / 1e12
    {"1 EFLOP -> PFLOP", 1000},                  // 1e18 / 1e15
    {"1 ZFLOP -> EFLOP", 1000},                  // 1e21 / 1e18
    {"3.14e23 FLOP -> ZFLOP", 314},              // 3.14e23 / 1e21
    {"350 GFLOP -> TFLOP", 0.35},                // 350e9 / 1e12
    // ---- compute rates, OPS ------------------------------------------------------------------------
    {"989 TFLOP/s -> PFLOP/s", 0.989},           // 989e12 / 1e15
    {"1 PFLOP/s -> GFLOP/s", 1e6},               // 1e15 / 1e9
    {"1 TOPS -> TFLOP/s", 1},                    // TOPS = 1e12 OPS = 1e12 FLOP/s
    {"1979 TOPS -> GOPS", 1979000},              // 1979e12 / 1e9
    {"1 GOPS -> MOPS", 1000},                    // 1e9 / 1e6
    {"1 MOPS -> FLOP/s", 1e6},                   // 1e6 * 1 FLOP/s
    {"1 EFLOP/s -> TOPS", 1e6},                  // 1e18 FLOP/s / 1e12 FLOP/s
    // The design page's REPL example: 989e12 FLOP/s * 0.4 * (30 * 86400 s) = 989e12 * 1036800 FLOP
    // = 1.0253952e21 FLOP; / 1e18 = 1025.3952 EFLOP.
    {"989 TFLOP/s * 0.4 * 30 day -> EFLOP", 1025.3952},
    // ---- time --------------------------------------------------------------------------------------
    {"1 us -> ns", 1000},                        // 1e-6 / 1e-9
    {"1 ms -> us", 1000},                        // 1e-3 / 1e-6
    {"1 s -> ms", 1000},                         // 1 / 1e-3
    {"500 ns -> us", 0.5},                       // 500e-9 / 1e-6
    {"1 min -> s", 60},                          // 60 s
    {"1 h -> min", 60},                          // 3600 / 60
    {"1 hour -> s", 3600},                       // hour = h = 3600 s
    {"1 day -> h", 24},                          // 86400 / 3600
    {"1 week -> day", 7},                        // 7 day
    {"1 month -> day", 30},                      // month = 30 day
    {"1 year -> day", 365},                      // year = 365 day
    {"1 year -> h", 8760},                       // 365 * 24
    {"1 year -> month", 12.1666666666666666667}, // 365 / 30
    {"1 week -> min", 10080},                    // 7 * 24 * 60
    // ---- frequency and rates ------------------------------------------------------------------------
    {"1 kHz -> Hz", 1000},                       // 1e3 Hz
    {"1 Hz -> 1/s", 1},                          // Hz = 1/s
    {"1 Hz -> 1/h", 3600},                       // (1/s) / (1/3600 s) = 3600
    {"2 kHz -> 1/h", 7.2e6},                     // 2000/s * 3600 s/h
    {"3600 / (1 h) -> 1/s", 1},                  // 3600 / 3600 s
    {"1 / (1 ms) -> Hz", 1000},                  // 1 / 1e-3 s = 1000/s
    // ---- energy ------------------------------------------------------------------------------------
    {"1 Wh -> J", 3600},                         // Wh = 3600 J
    {"1 kWh -> J", 3.6e6},                       // 1e3 * 3600
    {"1 MWh -> kWh", 1000},                      // 1e6 Wh / 1e3 Wh
    {"1 GWh -> MWh", 1000},                      // 1e9 Wh / 1e6 Wh
    {"1287 MWh -> GWh", 1.287},                  // 1287e6 / 1e9
    {"1 J -> pJ", 1e12},                         // 1 / 1e-12
    {"1 mJ -> J", 0.001},                        // 1e-3 J
    {"3.7 pJ -> mJ", 3.7e-9},                    // 3.7e-12 / 1e-3
    {"1 kWh -> MJ", 3.6},                        // 3.6e6 J / 1e6 J
    // ---- power -------------------------------------------------------------------------------------
    {"1 kW -> W", 1000},                         // 1e3 W
    {"1 MW -> kW", 1000},                        // 1e6 / 1e3
    {"1 W -> mW", 1000},                         // 1 / 1e-3
    {"700 W * 1 h -> kWh", 0.7},                 // 700 J/s * 3600 s = 2.52e6 J; / 3.6e6 J
    {"1 kWh / (1 h) -> W", 1000},                // 3.6e6 J / 3600 s = 1000 J/s
    {"1 J / (1 s) -> W", 1},                     // W = J/s
    // ---- money -------------------------------------------------------------------------------------
    {"30000 USD -> USD", 30000},                 // USD is the base unit
    {"0.12 USD/kWh * 1 MWh -> USD", 120},        // 0.12 USD / 3.6e6 J * 3.6e9 J = 0.12 * 1000
    {"23 USD/TB/month -> USD/GB/month", 0.023},  // USD/TB/month = USD / (1e12 B * 2592000 s); ratio GB/TB = 1e-3
    {"1 USD/TB/month * 500 TB * 1 year -> USD", 6083.33333333333333}, // 500 * 365 day / 30 day = 500 * 365 / 30
    {"2 USD/h * 1 day -> USD", 48},              // 2 USD / 3600 s * 86400 s = 2 * 24
    {"1 USD/h -> USD/day", 24},                  // (1/3600) / (1/86400) = 24
    {"1 USD/GB * 1 TB -> USD", 1000},            // 1e12 B / 1e9 B
    // ---- mass and volume ---------------------------------------------------------------------------
    {"1 kg -> g", 1000},                         // 1 kg / 1e-3 kg
    {"1 t -> kg", 1000},                         // t = 1000 kg
    {"2500 g -> t", 0.0025},                     // 2.5 kg / 1000 kg
    {"429 g/kWh * 1 MWh -> kg", 429},            // 429e-3 kg / 3.6e6 J * 3.6e9 J = 429e-3 * 1000 kg
    {"100 USD/t * 1 kg -> USD", 0.1},            // 100 USD / 1000 kg * 1 kg
    {"3.6 kg/h -> g/s", 1},                      // 3.6 kg / 3600 s = 1e-3 kg/s = 1 g/s
    {"1 t / (1 day) -> kg/h", 41.6666666666666667}, // 1000 kg / 24 h = 1000 / 24
    {"1.8 L/kWh * 1 MWh -> L", 1800},            // 1.8e-3 m^3 / 3.6e6 J * 3.6e9 J = 1.8 m^3 = 1800 L
    {"1 L -> mL", 1000},                         // L takes the small prefixes: mL = 1e-3 L
    // ---- percent -----------------------------------------------------------------------------------
    {"0.5 -> %", 50},                            // 0.5 / 0.01
    {"12.5% -> %", 12.5},                        // 12.5 * 0.01 / 0.01
    {"25% * 4 GB -> GB", 1},                     // 0.25 * 4e9 B / 1e9 B
    {"0.01% * 1e6 -> %", 10000},                 // 0.01 * 0.01 * 1e6 = 100; / 0.01 = 10000
    // ---- other compound units ----------------------------------------------------------------------
    {"10 pJ/byte * 1 GB -> J", 0.01},            // 10e-12 J/B * 1e9 B = 1e-2 J
    {"100 FLOP/byte * 3.35 TB/s -> TFLOP/s", 335},   // 100 * 3.35e12 = 3.35e14 FLOP/s; / 1e12
    {"989 TFLOP/s / (3.35 TB/s) -> FLOP/byte", 295.223880597014925}, // 989e12 / 3.35e12 = 989 / 3.35
    {"1 s^2 -> ms^2", 1e6},                      // 1 s^2 / (1e-3 s)^2 = 1e6
    {"2 byte * 3 -> byte", 6},                   // 2 B * 3
};

class UnitConversion : public ::testing::TestWithParam<Conversion> {};

// Parses, checks and evaluates `text` as one global expression ending in `-> unit`; returns the value
// in that unit.
double convert(const std::string& text, std::string* errors) {
  mlsi::ProgramSession session;
  auto& program = session.program();
  mlsi::FileId file = program.sources.add("<units_test>", text);
  mlsi::DiagnosticLog& diags = session.diagnostics();
  auto e = mlsi::parse_expression(program.sources, file, diags);
  if (!e) {
    *errors = mlsi::render_all(program.sources, diags, false);
    return NAN;
  }
  if (e->kind != mlsi::ast::ExprKind::convert) {
    *errors = "not a conversion";
    return NAN;
  }
  mlsi::DisplayUnit display;
  mlsi::CExpr c = session.compiler().compile_global_expr(*e, &display);
  if (diags.has_errors()) {
    *errors = mlsi::render_all(program.sources, diags, false);
    return NAN;
  }
  if (display.automatic) {
    *errors = "the `->` unit was not taken as the display unit";
    return NAN;
  }
  // The factor of the `->` unit, resolved independently of the display bookkeeping.
  auto target = session.compiler().resolve_unit(e->unit);
  if (!target) {
    *errors = "cannot resolve the target unit";
    return NAN;
  }
  EXPECT_DOUBLE_EQ(display.factor, target->factor) << text;
  mlsi::Evaluator ev(program);
  try {
    mlsi::Value v = ev.value(c);
    return v.number() / target->factor;
  } catch (const mlsi::EvalError& err) {
    *errors = mlsi::render(program.sources, err.diag, false);
    return NAN;
  }
}

TEST_P(UnitConversion, MatchesDefinition) {
  const Conversion& row = GetParam();
  std::string errors;
  double got = convert(row.expr, &errors);
  ASSERT_TRUE(errors.empty()) << row.expr << "\n" << errors;
  double tol = 1e-12 * std::fabs(row.expected);
  EXPECT_NEAR(got, row.expected, tol) << row.expr << " gave " << got;
}

INSTANTIATE_TEST_SUITE_P(Table, UnitConversion, ::testing::ValuesIn(kConversions),
                         [](const ::testing::TestParamInfo<Conversion>& info) {
                           return "row" + std::to_string(info.index);
                         });

TEST(UnitConversionTable, HasAtLeast45Rows) { EXPECT_GE(kConversions.size(), 45u); }

// Decimal and binary prefixes both exist and differ (language.md "Quantities and units").
TEST(Units, DecimalAndBinaryPrefixesDiffer) {
  mlsi::ProgramSession session;
  const auto& units = session.program().units;
  for (const char* name : {"kB", "MB", "GB", "TB", "PB", "KiB", "MiB", "GiB", "TiB", "bit", "byte", "B", "Gbps",
                           "FLOP", "kFLOP", "MFLOP", "GFLOP", "TFLOP", "PFLOP", "EFLOP", "ZFLOP", "MOPS", "GOPS",
                           "TOPS", "ns", "us", "ms", "s", "min", "h", "hour", "day", "week", "month", "year", "Hz",
                           "kHz", "pJ", "mJ", "J", "Wh", "kWh", "MWh", "GWh", "mW", "W", "kW", "MW", "USD", "g",
                           "kg", "t", "L", "%"})
    EXPECT_NE(units.find(name), nullptr) << "the prelude does not define `" << name << "`";
  ASSERT_NE(units.find("GB"), nullptr);
  ASSERT_NE(units.find("GiB"), nullptr);
  EXPECT_EQ(units.find("GB")->factor, 1e9);
  EXPECT_EQ(units.find("GiB")->factor, 1073741824.0);
  EXPECT_EQ(units.find("kB")->factor, 1e3);
  EXPECT_EQ(units.find("KiB")->factor, 1024.0);
  // Unit names are case-sensitive: the decimal kilobyte is `kB`; `KB` and `mB` are not units.
  EXPECT_EQ(units.find("KB"), nullptr);
  EXPECT_EQ(units.find("mB"), nullptr);
}

}  // namespace
