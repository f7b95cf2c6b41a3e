#!/usr/bin/env bash
# Start-up of the commands that should cost what they use (issue #42): instructions of the whole process by
# callgrind (independent of the machine's load), then whole-process times by hyperfine beside the plain C++
# programs that print the same number (activation_plain, unit_plain).
# Usage: bench/startup.sh [BUILD_DIR] [OTHER_MLSI]   (default build-bench; OTHER_MLSI: a second mlsi, such
# as the build of the branch point, measured by the same commands for a before/after table).
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-bench}"
other="${2:-}"
. bench/setup.sh
bench_tools valgrind hyperfine
bench_configure "$build"
cmake --build "$build" -j2 --target mlsi activation_plain unit_plain >/dev/null

# Each command as arguments of mlsi; the REPL reads an empty standard input: start, first prompt, end.
commands=(
  "run ActivationMemory"
  "run TrainingStateFit"
  "run TrainingStep"
  "run tests/examples/kv_cache.mls"
  "-e 1@GiB@->@MB"
  "repl"
  "check scenarios/training/activation_memory.mls"
  "test scenarios/training/activation_memory.mls"
  "test"
)
args_of() { local a; read -r -a a <<<"$1"; for x in "${a[@]}"; do printf '%s\n' "${x//@/ }"; done; }
instructions() {  # MLSI COMMAND: the instructions of the whole process, in millions
  local -a a
  mapfile -t a < <(args_of "$2")
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "${a[@]}" </dev/null 2>&1 >/dev/null |
    sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d , | awk '{printf "%.1f M", $1 / 1e6}'
}
echo "| command | instructions${other:+ (other)} | instructions |"
echo "|---|---|---|"
for c in "${commands[@]}"; do
  shown="mlsi ${c//@/ }"
  echo "| \`$shown\` | ${other:+$(instructions "$other" "$c") | }$(instructions "$build/mlsi" "$c") |"
done
echo
# Whole process: each mlsi command beside the C++ floor that prints the same number. The REPL reads an empty
# standard input (hyperfine's default before 1.16, which has no --input).
input=()
if hyperfine --help | grep -q -- '--input'; then input=(--input null); fi
hyperfine -N --warmup 5 --runs 100 "${input[@]}" \
  "$build/bench/activation_plain" "$build/mlsi run ActivationMemory" "$build/mlsi run TrainingStateFit" \
  "$build/mlsi run TrainingStep" "$build/mlsi run tests/examples/kv_cache.mls" \
  "$build/bench/unit_plain" "$build/mlsi -e '1 GiB -> MB'" "$build/mlsi repl" \
  "$build/mlsi check scenarios/training/activation_memory.mls" "$build/mlsi test scenarios/training/activation_memory.mls"
hyperfine -N --warmup 1 --runs 10 "$build/mlsi test"
