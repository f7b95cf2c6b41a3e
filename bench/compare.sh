#!/usr/bin/env bash
# Whole-process timings with hyperfine: `mlsi run` of ActivationMemory against the plain C++ program,
# and `mlsi sweep` of 1,000,000 points to CSV. Usage: bench/compare.sh [BUILD_DIR] (default build-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-bench}"
command -v hyperfine >/dev/null || { sudo=""; [ "$(id -u)" -eq 0 ] || sudo=sudo; $sudo apt-get install -y hyperfine; }
# An existing build folder (the one of the tests, say) keeps its settings and only gains the benchmarks.
if [ -f "$build/CMakeCache.txt" ]; then
  cmake -S . -B "$build" -DMLSI_BUILD_BENCH=ON >/dev/null
else
  cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=RelWithDebInfo -DMLSI_BUILD_TESTS=OFF -DMLSI_BUILD_BENCH=ON >/dev/null
fi
cmake --build "$build" -j2 --target mlsi activation_plain interleaved >/dev/null
hyperfine --warmup 5 -N \
  "$build/bench/activation_plain" \
  "$build/mlsi run scenarios/training/activation_memory.mls" \
  "$build/mlsi run ActivationMemory"
# The same pair alternated, 1000 runs each: the ratio of medians under the same load.
"$build/bench/interleaved" 1000 "$build/bench/activation_plain" -- "$build/mlsi" run scenarios/training/activation_memory.mls
hyperfine --warmup 1 --runs 5 \
  "$build/mlsi sweep ActivationMemory --vary 'microbatch=1..1000 step 1' --vary 'seq_len=1..1000 step 1' --format csv > /dev/null"
/usr/bin/time -v "$build/mlsi" sweep ActivationMemory --vary 'microbatch=1..1000 step 1' --vary 'seq_len=1..1000 step 1' --format csv 2>&1 >/dev/null \
  | grep -E 'Maximum resident|Elapsed'
