// The activation-memory formula of ActivationMemory (GPT-3, microbatch 1, seq 2048, 2-byte values) as
// plain C++ doubles: the floor a whole `mlsi run` is compared with in bench/compare.sh.
#include <cstdio>

int main() {
  const double layers = 96, seq = 2048, hidden = 12288, heads = 96, microbatch = 1, bytes_per_value = 2;
  const double none = layers * seq * microbatch * hidden * (34 + 5 * heads * seq / hidden) * bytes_per_value / 2;
  std::printf("none %g GiB\n", none / 1073741824.0);
  return 0;
}
