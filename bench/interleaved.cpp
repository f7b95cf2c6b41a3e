// Times two commands run alternately, N times each, and prints their median wall times and the ratio:
// on a shared machine the load drifts, and alternating gives both commands the same conditions, where
// two back-to-back hyperfine runs do not. Usage: interleaved N COMMAND_A... -- COMMAND_B...
// (COMMAND is a path and its arguments; output goes to /dev/null.)
#include <fcntl.h>
#include <spawn.h>
#include <sys/wait.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

extern char** environ;

namespace {

double run_ms(std::vector<char*>& argv) {
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = 0;
  if (posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ) != 0) {
    std::perror(argv[0]);
    std::exit(1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  auto end = std::chrono::steady_clock::now();
  posix_spawn_file_actions_destroy(&actions);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::fprintf(stderr, "%s failed\n", argv[0]);
    std::exit(1);
  }
  return std::chrono::duration<double, std::milli>(end - start).count();
}

double quantile(std::vector<double>& v, double q) {
  std::sort(v.begin(), v.end());
  return v[static_cast<std::size_t>(q * static_cast<double>(v.size() - 1))];
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: interleaved N COMMAND_A... -- COMMAND_B...\n");
    return 2;
  }
  int n = std::atoi(argv[1]);
  std::vector<char*> a, b;
  int i = 2;
  for (; i < argc && std::strcmp(argv[i], "--") != 0; ++i) a.push_back(argv[i]);
  for (++i; i < argc; ++i) b.push_back(argv[i]);
  if (n <= 0 || a.empty() || b.empty()) {
    std::fprintf(stderr, "usage: interleaved N COMMAND_A... -- COMMAND_B...\n");
    return 2;
  }
  a.push_back(nullptr);
  b.push_back(nullptr);
  for (int k = 0; k < 20; ++k) run_ms(a), run_ms(b);  // warm the page cache
  std::vector<double> ta, tb;
  for (int k = 0; k < n; ++k) {
    ta.push_back(run_ms(a));
    tb.push_back(run_ms(b));
  }
  double ma = quantile(ta, 0.5), mb = quantile(tb, 0.5);
  std::printf("A: median %.3f ms (10%% %.3f, 90%% %.3f)  %s\n", ma, quantile(ta, 0.1), quantile(ta, 0.9), a[0]);
  std::printf("B: median %.3f ms (10%% %.3f, 90%% %.3f)  %s\n", mb, quantile(tb, 0.1), quantile(tb, 0.9), b[0]);
  std::printf("B / A: %.2f (medians of %d alternating runs each)\n", mb / ma, n);
  return 0;
}
