#!/usr/bin/env bash
# How `mlsi sweep ... --format csv` grows: wall time and peak memory (/usr/bin/time -v) for 10^4 .. 10^7
# points of ActivationMemory, then for generated scenarios of 10, 100 and 1000 lets and as many outputs
# (10^4 points each). Usage: bench/scaling.sh [MLSI] (default build/mlsi). Output: one table row per run.
set -euo pipefail
cd "$(dirname "$0")/.."
mlsi="${1:-build/mlsi}"
measure() {  # label, points, command...
  local label="$1" points="$2"
  shift 2
  local out
  out=$( { /usr/bin/time -v "$@" > /dev/null; } 2>&1 )
  local wall rss
  wall=$(grep 'Elapsed (wall clock)' <<<"$out" | awk '{print $NF}')
  rss=$(grep 'Maximum resident' <<<"$out" | awk '{print $NF}')
  local secs
  secs=$(awk -F: '{ if (NF == 3) print $1 * 3600 + $2 * 60 + $3; else print $1 * 60 + $2 }' <<<"$wall")
  awk -v l="$label" -v n="$points" -v s="$secs" -v r="$rss" \
    'BEGIN { printf "| %s | %d | %.2f s | %.0f ns | %.1f MB |\n", l, n, s, s * 1e9 / n, r / 1024 }'
}
echo "| run | points | wall | per point | peak RSS |"
echo "|---|---|---|---|---|"
for spec in "100 100" "100 1000" "1000 1000" "1000 10000"; do
  set -- $spec
  measure "ActivationMemory" $(($1 * $2)) "$mlsi" sweep ActivationMemory --vary "microbatch=1..$1 step 1" \
    --vary "seq_len=1..$2 step 1" --format csv
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
for size in 10 100 1000; do
  f="$tmp/size_$size.mls"
  {
    echo "scenario Size$size {"
    echo "  input x: Count = 1"
    echo "  let l1 = x * 1.5 + 1"
    for ((i = 2; i <= size; i++)); do echo "  let l$i = l$((i - 1)) * 0.5 + x / $i"; done
    for ((i = 1; i <= size; i++)); do echo "  output o$i = l$i * 2"; done
    echo "}"
  } > "$f"
  measure "$size lets, $size outputs" 10000 "$mlsi" sweep "$f" --vary "x=1..10000 step 1" --format csv
done
