// `mlsi -e '1 GiB -> MB'` as plain C++: 2^30 bytes over 10^6, printed with six significant digits (1073.74
// MB). The floor a whole `mlsi -e` is compared with in bench/startup.sh.
#include <cstdio>

int main() {
  std::printf("= %g MB  [Information]\n", 1073741824.0 / 1e6);
  return 0;
}
