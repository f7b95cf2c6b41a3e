// Every value mlsi prints can be written back (issue #19 item 6): each input and output of every built-in
// scenario, in its default run and in each of its configs, is printed as `mlsi run` shows it, then read
// back as an input's default in a file of its own (the context of an `expect` or a default) and as a
// `--set` value, and must mean the same SI value to the 6 significant digits it was printed with.
#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <regex>

#include "mlsi/mlsi.hpp"
#include "tests/unit/cli_harness.hpp"
#include "tests/unit/test_support.hpp"

namespace fs = std::filesystem;

namespace {

// A value that can be written as a quantity literal, with the SI values it must read back as.
struct Printed {
  std::string where;  // Scenario[config].name.field, for failure messages
  std::string type;   // the type it is read back as: `Information / Time`, `List[Time]`
  std::string shown;
  std::vector<double> si;  // one per number, lists flattened
};

// The numbers of a quantity or a list of them (at any depth), or false for anything else.
bool numbers_of(const mlsi::api::Value& v, std::vector<double>& out) {
  using K = mlsi::api::Value::Kind;
  if (v.kind == K::quantity) {
    out.push_back(v.si);
    return true;
  }
  if (v.kind != K::list || v.items.empty()) return false;
  for (const auto& item : v.items)
    if (!numbers_of(item, out)) return false;
  return true;
}

void collect(const std::string& where, const std::string& type, const mlsi::api::Value& v, std::vector<Printed>& out) {
  using K = mlsi::api::Value::Kind;
  if (v.kind == K::record) {
    for (const auto& f : v.fields)
      if (f.present && f.value.kind == K::quantity) collect(where + "." + f.name, f.value.dimension, f.value, out);
    return;
  }
  Printed p{where, type, v.shown, {}};
  if (numbers_of(v, p.si)) out.push_back(std::move(p));
}

// Printed with `%.6g`: the value read back is within half a unit of the sixth digit.
bool same_at_six_digits(double printed, double read) {
  return std::fabs(printed - read) <= 5.000001e-6 * std::fabs(printed) + 1e-300;
}

// The configs of each built-in scenario, from the scenario files.
std::vector<std::pair<std::string, std::string>> runs_of_builtins() {
  std::vector<std::pair<std::string, std::string>> out;
  const std::regex scenario_line(R"(^scenario (\w+))"), config_line(R"(^config (\w+) for (\w+))");
  std::vector<fs::path> files;
  for (const auto& e : fs::directory_iterator(fs::path(MLSI_SOURCE_DIR) / "scenarios" / "training")) files.push_back(e.path());
  std::sort(files.begin(), files.end());
  for (const auto& f : files)
    for (const auto& line : mlsi_test::lines_of(mlsi_test::read_file(f))) {
      std::smatch m;
      if (std::regex_search(line, m, scenario_line)) out.emplace_back(m[1], "");
      else if (std::regex_search(line, m, config_line)) out.emplace_back(m[2], m[1]);
    }
  return out;
}

TEST(PrintedUnits, EveryValueOfEveryBuiltInScenarioReadsBackAsTheSameQuantity) {
  mlsi::api::Session session;
  ASSERT_TRUE(session.ok());
  // A folder of this process's own: another build's suite may run this test at the same time.
  mlsi_test::ScratchDir scratch("mlsi_round_trip");
  const fs::path& dir = scratch.dir;
  auto runs = runs_of_builtins();
  ASSERT_EQ(runs.size(), 57u + 130u);  // 57 scenarios, 130 configs (four of them the MoE configs of issue #38)
  std::size_t values = 0, set_values = 0;
  for (const auto& [scenario, config] : runs) {
    mlsi::api::RunRequest request;
    request.scenario = scenario;
    request.config = config;
    auto result = session.run(request);
    ASSERT_TRUE(result.ok) << scenario << " " << config;
    const std::string run_name = scenario + (config.empty() ? "" : "[" + config + "]");
    std::vector<Printed> printed;
    for (const auto& item : result.inputs)
      if (item.available) collect(run_name + "." + item.name, item.type, item.value, printed);
    for (const auto& item : result.outputs) collect(run_name + "." + item.name, item.type, item.value, printed);

    // As the defaults of inputs: the literal must parse, have the type's dimension and the same value.
    std::string source = "scenario RoundTrip {\n";
    for (std::size_t i = 0; i < printed.size(); ++i)
      source += "  input v" + std::to_string(i) + ": " + printed[i].type + " = " + printed[i].shown + "\n";
    source += "}\n";
    const fs::path file = dir / (scenario + "_" + config + ".mls");
    std::ofstream(file) << source;
    mlsi::api::RunRequest back;
    back.file = file.string();
    auto read = session.run(back);
    ASSERT_TRUE(read.ok) << run_name << ":\n" << source << "\n" << read.diagnostics.render();
    for (std::size_t i = 0; i < printed.size(); ++i) {
      std::vector<double> numbers;
      ASSERT_TRUE(numbers_of(read.inputs[i].value, numbers)) << printed[i].where;
      ASSERT_EQ(numbers.size(), printed[i].si.size()) << printed[i].where;
      for (std::size_t k = 0; k < numbers.size(); ++k)
        EXPECT_TRUE(same_at_six_digits(printed[i].si[k], numbers[k]))
            << printed[i].where << " shown `" << printed[i].shown << "` is " << printed[i].si[k] << " but reads back as " << numbers[k];
      ++values;
    }

    // As `--set` values of the same run's inputs.
    for (const auto& item : result.inputs) {
      std::vector<double> numbers;
      if (!item.available || !numbers_of(item.value, numbers)) continue;
      mlsi::api::RunRequest again = request;
      again.set(item.name, item.value.shown);
      auto set_result = session.run(again);
      ASSERT_TRUE(set_result.ok) << run_name << " --set " << item.name << "=" << item.value.shown;
      std::vector<double> read_numbers;
      ASSERT_TRUE(numbers_of(set_result.input(item.name)->value, read_numbers));
      ASSERT_EQ(read_numbers.size(), numbers.size());
      for (std::size_t k = 0; k < numbers.size(); ++k)
        EXPECT_TRUE(same_at_six_digits(numbers[k], read_numbers[k])) << run_name << " --set " << item.name << "=" << item.value.shown;
      ++set_values;
    }
  }
  // Every scenario has quantities to print: the test read back a good number of them.
  EXPECT_GT(values, 1000u);
  EXPECT_GT(set_values, 500u);
}

}  // namespace
