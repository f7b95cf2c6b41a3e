// Runs the built-in ActivationMemory with microbatch = 4 through mlsi's public API and checks every
// output; exits 1 on a mismatch. docs/api.md shows this program.
//
// The expected values, by hand from scenarios/training/activation_memory.mls and the catalogue's GPT3
// (the default workload: 96 layers, hidden 12288, 96 heads, seq_len 2048), bytes_per_value 2 byte:
//   s*b*h = 2048 * 4 * 12288 = 100663296 values per layer input
//   attention term 5*a*s/h = 5 * 96 * 2048 / 12288 = 80, so no recomputation keeps 34 + 80 = 114 per s*b*h
//   none      = 96 * 100663296 * 114 * 2 B / 2 = 1101659111424 B = 1101659111424 / 2^30 GiB = 1026 GiB
//   selective = 96 * 100663296 * 34 B  = 328564998144 B = 306 GiB
//   full      = 96 * 100663296 * 2 B   = 19327352832 B  = 18 GiB
//   none_per_layer = 1026 GiB / 96 = 10.6875 GiB
//   selective_savings = 1 - 34/114 = 40/57;  full_savings = 1 - 2/114 = 56/57 (Counts)
#include <mlsi/mlsi.hpp>

#include <cmath>
#include <iostream>
#include <string>

namespace {

int failures = 0;

void expect(bool ok, const std::string& what) {
  if (!ok) {
    std::cerr << "mismatch: " << what << "\n";
    ++failures;
  }
}

void expect_output(const mlsi::api::RunResult& r, const std::string& name, double si, double number, const std::string& unit) {
  const mlsi::api::Item* out = r.output(name);
  if (!out) return expect(false, "no output " + name);
  const mlsi::api::Value& v = out->value;
  std::cout << name << " = " << v.shown << " (" << v.si << " in SI, " << v.dimension << ")\n";
  expect(v.kind == mlsi::api::Value::Kind::quantity, name + " is a quantity");
  // The byte counts are whole numbers below 2^53, exact in a double; the fractions within rounding.
  expect(std::fabs(v.si - si) <= 1e-15 * std::fabs(si), name + " in SI");
  expect(std::fabs(v.number - number) <= 1e-15 * std::fabs(number), name + " in " + unit);
  expect(v.unit == unit, name + " is shown in `" + unit + "`, not `" + v.unit + "`");
}

}  // namespace

int main() {
  std::cout << "mlsi " << mlsi::api::version() << "\n";
  mlsi::api::Session session;  // the built-in prelude, catalogue and scenarios
  if (!session.ok()) {
    std::cerr << session.diagnostics().render();
    return 1;
  }

  mlsi::api::RunRequest request;
  request.scenario = "ActivationMemory";
  request.set("microbatch", "4");  // as `--set microbatch=4`; request.set("microbatch", 4.0, "") is the same
  mlsi::api::RunResult result = session.run(request);
  if (!result.ok) {
    std::cerr << result.diagnostics.render();
    return 1;
  }
  const double GiB = 1024.0 * 1024.0 * 1024.0;
  expect_output(result, "none", 1101659111424.0, 1026, "GiB");
  expect_output(result, "selective", 306 * GiB, 306, "GiB");
  expect_output(result, "full", 18 * GiB, 18, "GiB");
  expect_output(result, "none_per_layer", 10.6875 * GiB, 10.6875, "GiB");
  expect_output(result, "selective_savings", 40.0 / 57.0, 40.0 / 57.0, "");
  expect_output(result, "full_savings", 56.0 / 57.0, 56.0 / 57.0, "");
  expect(result.outputs.size() == 6, "six outputs");
  expect(result.output("selective_savings") && result.output("selective_savings")->value.dimension == "Count", "savings are Counts");

  // A misspelt input: one error, at line 1, column 1 of its text (named `set`: no words given), with a suggestion.
  mlsi::api::RunRequest misspelt;
  misspelt.scenario = "ActivationMemory";
  misspelt.set("microbatchh", "4");
  mlsi::api::RunResult bad = session.run(misspelt);
  expect(!bad.ok, "a misspelt input fails");
  if (bad.diagnostics.size() != 1) {
    expect(false, "one diagnostic for the misspelt input");
  } else {
    const mlsi::api::Diagnostic& d = bad.diagnostics[0];
    std::cout << bad.diagnostics.render();
    expect(d.severity == mlsi::api::Severity::error, "it is an error");
    expect(d.message == "scenario `ActivationMemory` has no input `microbatchh`", "its message");
    expect(d.location.file == "set" && d.location.line == 1 && d.location.column == 1, "it is at set:1:1");
    expect(d.location.end_column == 12, "its span ends after `microbatchh`");
    expect(!d.notes.empty() && d.notes[0].message == "did you mean `microbatch`?", "it suggests `microbatch`");
  }
  if (failures) std::cerr << failures << " mismatches\n";
  return failures ? 1 : 0;
}
