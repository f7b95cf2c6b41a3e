// The floor of a sweep to CSV (bench/parallel.py): the formula of bench/sweep_formula.mls for seq = 1..N in
// plain C++ doubles, written as the same CSV text `mlsi sweep bench/sweep_formula.mls --vary "seq=1..N
// step 1" --format csv` writes (the script checks the two outputs byte for byte), with the same number
// formatter (write_exact_number: std::to_chars, shortest round trip), each row assembled on the stack and
// appended to a buffer written every 64 KiB.
// The operations are those of the compiled program, in its order: x / 2 is x * 0.5, a column's value is
// its SI value divided by its unit's factor.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "model/display.hpp"

int main(int argc, char** argv) {
  const long points = argc > 1 ? std::atol(argv[1]) : 1000000;
  const double gib = 1073741824.0, ms = 0.001, bandwidth = 3.35 * 1e12;
  std::string out = "seq,bytes (GiB),time (ms),error\n";
  char line[4 * mlsi::kNumberChars];
  for (long i = 1; i <= points; ++i) {
    const double seq = static_cast<double>(i);
    const double bytes = 96 * seq * 12288 * (34 + 480 * seq / 12288) * 2 * 0.5;
    char* p = mlsi::write_exact_number(line, seq);
    *p++ = ',';
    p = mlsi::write_exact_number(p, bytes / gib);
    *p++ = ',';
    p = mlsi::write_exact_number(p, bytes / bandwidth / ms);
    *p++ = ',';
    *p++ = '\n';
    out.append(line, static_cast<std::size_t>(p - line));
    if (out.size() > (1 << 16)) {
      std::fwrite(out.data(), 1, out.size(), stdout);
      out.clear();
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
