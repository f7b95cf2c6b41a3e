#!/usr/bin/env bash
# Whole-process timings with hyperfine: `mlsi run` of ActivationMemory against the plain C++ program,
# and `mlsi sweep` of 1,000,000 points to CSV. Usage: bench/compare.sh [BUILD_DIR] (default build-bench).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-bench}"
. bench/setup.sh
bench_tools hyperfine
bench_configure "$build"
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
