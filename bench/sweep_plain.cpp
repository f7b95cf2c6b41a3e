// The floor of a sweep to CSV (bench/parallel.py): the formula of bench/sweep_formula.mls over seq = 1..S,
// or layers = 1..L by seq = 1..S, in plain C++ doubles, written as the same CSV text `mlsi sweep
// bench/sweep_formula.mls --vary "layers=1..L step 1" --vary "seq=1..S step 1" --format csv` writes (the
// script checks the two outputs byte for byte), with the same number
// formatter (write_exact_number: std::to_chars, shortest round trip), each row assembled on the stack and
// appended to a buffer written every 64 KiB.
// The operations are those of the compiled program, in its order: x / 2 is x * 0.5, a column's value is
// its SI value divided by its unit's factor.
#include <cstdio>
#include <cstdlib>
#include <string>

#include "model/display.hpp"

int main(int argc, char** argv) {
  // `sweep_plain S`: seq = 1..S (96 layers); `sweep_plain L S`: layers = 1..L by seq = 1..S, seq fastest.
  const bool two = argc > 2;
  const long layer_count = two ? std::atol(argv[1]) : 1;
  const long seq_count = argc > 1 ? std::atol(argv[two ? 2 : 1]) : 1000000;
  const double gib = 1073741824.0, ms = 0.001, bandwidth = 3.35 * 1e12;
  std::string out = two ? "layers,seq,bytes (GiB),time (ms),error\n" : "seq,bytes (GiB),time (ms),error\n";
  char line[5 * mlsi::kNumberChars];
  for (long l = 1; l <= layer_count; ++l) {
    const double layers = two ? static_cast<double>(l) : 96;
    for (long i = 1; i <= seq_count; ++i) {
      const double seq = static_cast<double>(i);
      const double bytes = layers * seq * 12288 * (34 + 480 * seq / 12288) * 2 * 0.5;
      char* p = line;
      if (two) {
        p = mlsi::write_exact_number(p, layers);
        *p++ = ',';
      }
      p = mlsi::write_exact_number(p, seq);
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
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return 0;
}
