# Sourced by the benchmark scripts: `bench_tools TOOL...` installs the Debian packages of the tools that
# are missing; `bench_configure DIR` configures DIR for the benchmarks (an existing build folder, the one of
# the tests say, keeps its settings and only gains them; a new one is RelWithDebInfo without the tests).
bench_tools() {
  local tool sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  for tool in "$@"; do
    command -v "$tool" >/dev/null || $sudo apt-get install -y "$tool"
  done
}

bench_configure() {
  if [ -f "$1/CMakeCache.txt" ]; then
    cmake -S . -B "$1" -DMLSI_BUILD_BENCH=ON >/dev/null
  else
    cmake -S . -B "$1" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMLSI_BUILD_TESTS=OFF -DMLSI_BUILD_BENCH=ON >/dev/null
  fi
}
