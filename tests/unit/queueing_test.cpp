// The queueing and quantile built-ins (erlang_c, normal_quantile, exponential_quantile) and the prelude's
// M/M/c waits (mmc_mean_wait, mmc_wait_quantile) against values computed independently, as each comment shows.
#include <cmath>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "eval/evaluator.hpp"
#include "model/display.hpp"
#include "session/session.hpp"

#include <gtest/gtest.h>

namespace {

// One output of scenario `Q` in `text`, or the evaluation's error message in `error`.
std::optional<double> queueing_output(const std::string& text, const std::string& output, std::string& error) {
  mlsi::ProgramSession session;
  session.load_text("queueing_test.mls", text);
  if (!session.check()) {
    error = mlsi::render_all(session.program().sources, session.diagnostics(), false);
    return std::nullopt;
  }
  const auto& p = session.program();
  const mlsi::Scenario* sc = p.find_scenario("Q");
  mlsi::Evaluator ev(p);
  std::vector<std::optional<mlsi::InputValue>> given(sc->slots.size());
  try {
    auto r = ev.run(p.find_scenario_index("Q"), given);
    return r.slots.at(static_cast<std::size_t>(sc->find_slot(output))).number();
  } catch (const mlsi::EvalError& e) {
    error = e.diag.message;
    return std::nullopt;
  }
}

double queueing_value(const std::string& expression) {
  std::string error;
  auto v = queueing_output("scenario Q {\n  output x = " + expression + "\n}\n", "x", error);
  EXPECT_TRUE(v.has_value()) << expression << ": " << error;
  return v.value_or(NAN);
}

std::string queueing_error(const std::string& expression) {
  std::string error;
  auto v = queueing_output("scenario Q {\n  output x = " + expression + "\n}\n", "x", error);
  EXPECT_FALSE(v.has_value()) << expression << " gave " << v.value_or(NAN);
  return error;
}

void expect_relative(double got, double want, double tolerance, const std::string& what) {
  EXPECT_LE(std::fabs(got - want), tolerance * std::fabs(want)) << what << ": got " << mlsi::exact_number(got) << ", want " << mlsi::exact_number(want);
}

}  // namespace

// Erlang C from standard tables and by an independent closed form: Python's standard library, in logs,
//   C = t_c / (sum_{k<c} a^k/k! + t_c) with t_c = a^c/c! * c/(c - a), each term exp(k ln a - lgamma(k+1)).
TEST(ErlangC, MatchesTablesAndTheClosedForm) {
  // c = 1: C = a (an M/M/1 arrival waits when the server is busy, with probability rho).
  expect_relative(queueing_value("erlang_c(1, 0.5)"), 0.5, 1e-15, "c=1 a=0.5");
  // c = 2, a = 1: B = 1/5, C = 2 (1/5) / (2 - 1 (4/5)) = 1/3.
  expect_relative(queueing_value("erlang_c(2, 1)"), 1.0 / 3.0, 1e-15, "c=2 a=1");
  // c = 10, a = 8: 0.409 in the standard tables; closed form 0.409180150796444.
  expect_relative(queueing_value("erlang_c(10, 8)"), 0.409180150796444, 1e-13, "c=10 a=8");
  // c = 100, a = 80: closed form 0.01964642663435954.
  expect_relative(queueing_value("erlang_c(100, 80)"), 0.01964642663435954, 1e-12, "c=100 a=80");
  // c = 10^4, a = 9900, where the factorials of the closed form overflow a double: in logs, 0.2227769288672963
  // (lgamma's own error at 10^4 leaves about 1e-11).
  expect_relative(queueing_value("erlang_c(10000, 9900)"), 0.2227769288672963, 1e-9, "c=1e4 a=9900");
  // No load, no wait.
  EXPECT_EQ(queueing_value("erlang_c(3, 0)"), 0.0);
}

TEST(ErlangC, RefusesAnUnstableQueueAndFractionalServers) {
  EXPECT_EQ(queueing_error("erlang_c(2, 2)"),
            "`erlang_c`: an offered load of 2 Erlangs on 2 servers is an unstable queue: the load must be below the servers");
  EXPECT_EQ(queueing_error("erlang_c(2, 3)"),
            "`erlang_c`: an offered load of 3 Erlangs on 2 servers is an unstable queue: the load must be below the servers");
  EXPECT_EQ(queueing_error("erlang_c(0, 0.5)"), "`erlang_c` needs a whole number of servers >= 1, given 0");
  EXPECT_EQ(queueing_error("erlang_c(1.5, 0.5)"), "`erlang_c` needs a whole number of servers >= 1, given 1.5");
  EXPECT_EQ(queueing_error("erlang_c(2, -1)"), "`erlang_c` needs an offered load >= 0 Erlangs, given -1");
}

// M/M/c with c = 10, lambda = 8 Hz, service 1 s (a = 8, C = 0.409180150796444 above, c mu - lambda = 2 Hz):
//   W_q = C / 2 Hz = 0.204590075398222 s; t_p = ln(C / (1 - p)) / 2 Hz: t_0.99 = 1.8557852162834192 s,
//   t_0.9 = 0.7044926697863962 s; t_0.5 = 0 since C < 0.5 (most arrivals do not wait).
TEST(MmcWait, MeanAndQuantiles) {
  expect_relative(queueing_value("mmc_mean_wait(10, 8 Hz, 1 s)"), 0.204590075398222, 1e-13, "W_q");
  expect_relative(queueing_value("mmc_wait_quantile(10, 8 Hz, 1 s, 0.99)"), 1.8557852162834192, 1e-13, "t_0.99");
  expect_relative(queueing_value("mmc_wait_quantile(10, 8 Hz, 1 s, 0.9)"), 0.7044926697863962, 1e-13, "t_0.9");
  EXPECT_EQ(queueing_value("mmc_wait_quantile(10, 8 Hz, 1 s, 0.5)"), 0.0);
  EXPECT_EQ(queueing_value("mmc_wait_quantile(10, 8 Hz, 1 s, 0)"), 0.0);
  // M/M/1, rho = 0.5 (2 Hz, 250 ms): W_q = rho / (mu - lambda) = 0.5 / 2 Hz = 0.25 s (Kleinrock 1975 §3.2).
  expect_relative(queueing_value("mmc_mean_wait(1, 2 Hz, 250 ms)"), 0.25, 1e-15, "M/M/1 W_q");
  EXPECT_EQ(queueing_error("mmc_wait_quantile(10, 8 Hz, 1 s, 1)"), "`exponential_quantile` needs a probability p with 0 <= p < 1, given 1");
  EXPECT_EQ(queueing_error("mmc_wait_quantile(10, 8 Hz, 1 s, -0.5)"), "`exponential_quantile` needs a probability p with 0 <= p < 1, given -0.5");
  EXPECT_EQ(queueing_error("mmc_mean_wait(10, 12 Hz, 1 s)"),
            "`erlang_c`: an offered load of 12 Erlangs on 10 servers is an unstable queue: the load must be below the servers");
}

// Published percentage points of the standard normal (z_0.975 = 1.959963984540054, z_0.99 = 2.326347874040841,
// z_0.999 = 3.090232306167813), each checked by Python's math.erfc: 0.5 erfc(-z / sqrt(2)) gives back p.
TEST(NormalQuantile, PercentagePoints) {
  expect_relative(queueing_value("normal_quantile(0.975)"), 1.959963984540054, 1e-15, "z_0.975");
  expect_relative(queueing_value("normal_quantile(0.99)"), 2.326347874040841, 1e-15, "z_0.99");
  expect_relative(queueing_value("normal_quantile(0.01)"), -2.326347874040841, 1e-15, "z_0.01");
  expect_relative(queueing_value("normal_quantile(0.999)"), 3.090232306167813, 1e-15, "z_0.999");
  // The far tail (r > 5 in AS241): 0.5 erfc(5.199337582187471 / sqrt(2)) = 1.0000000000287574e-07.
  expect_relative(queueing_value("normal_quantile(1e-7)"), -5.199337582187471, 1e-10, "z_1e-7");
  EXPECT_EQ(queueing_value("normal_quantile(0.5)"), 0.0);
  EXPECT_EQ(queueing_error("normal_quantile(0)"), "`normal_quantile` of 0 is undefined: it needs a probability between 0 and 1, both excluded");
  EXPECT_EQ(queueing_error("normal_quantile(1)"), "`normal_quantile` of 1 is undefined: it needs a probability between 0 and 1, both excluded");
}

// -mean ln(1 - p): 2 s at 0.99 is -2 ln(0.01) = 9.21034037197618 s (Python: -2 * math.log1p(-0.99)); the
// median of a 1 s mean is ln 2 s.
TEST(ExponentialQuantile, KeepsTheMeansDimension) {
  expect_relative(queueing_value("exponential_quantile(2 s, 0.99)"), 9.21034037197618, 1e-14, "2 s at 0.99");
  expect_relative(queueing_value("exponential_quantile(1 s, 0.5) / (1 s)"), std::log(2.0), 1e-15, "median");
  EXPECT_EQ(queueing_value("exponential_quantile(3 GB, 0)"), 0.0);
  EXPECT_EQ(queueing_error("exponential_quantile(1 s, 1)"), "`exponential_quantile` needs a probability p with 0 <= p < 1, given 1");
}
