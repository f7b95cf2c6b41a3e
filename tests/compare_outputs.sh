#!/bin/sh
# Runs two mlsi binaries over the same commands and reports every output (standard output, standard error,
# exit status) that differs byte for byte: a refactoring that must not change behaviour shows no
# difference. The goldens (ctest) cover the diagnostics; this covers the large outputs that they do not:
# every `doc` page, every `list` and `show`, every built-in scenario run in each format and with
# --explain, `test --report`, and a 90,000-point sweep in each format.
#   tests/compare_outputs.sh OLD_MLSI NEW_MLSI [WORK_DIR]
# Run from the repository root. Exit status 0: no difference.
set -u
old=$1 new=$2 work=${3:-$(mktemp -d)}
mkdir -p "$work/old" "$work/new"
count=0 differ=0

compare() {  # compare NAME ARGS...
  name=$1; shift
  count=$((count + 1))
  for side in old new; do
    bin=$old; [ $side = new ] && bin=$new
    "$bin" "$@" > "$work/$side/$name.out" 2> "$work/$side/$name.err"
    echo "exit $?" >> "$work/$side/$name.err"
  done
  if ! cmp -s "$work/old/$name.out" "$work/new/$name.out" || ! cmp -s "$work/old/$name.err" "$work/new/$name.err"; then
    differ=$((differ + 1))
    echo "DIFFERS: $name: mlsi $*"
  fi
}

scenarios=$("$old" list scenarios --format json | sed -n 's/.*"name": "\([^"]*\)".*/\1/p')
kinds="hardware workloads nodes fabrics fleets pods datasets precisions grids datacenters cooling racks pricing units constants scenarios"

compare doc-all doc
compare doc-all-html doc --format html
compare doc-catalogue doc catalogue
compare doc-catalogue-html doc catalogue --format html
compare doc-folder doc scenarios/training
for k in $kinds; do
  compare "list-$k" list "$k"
  compare "list-$k-json" list "$k" --format json
done
compare list-sorted list hardware --sort memory --where 'memory > 40 GiB'
for e in H100 GPT3 AlexNet fp16 bf16 GiB adam_optimizer_bytes; do
  compare "show-$e" show "$e"
  compare "show-$e-json" show "$e" --format json
done
for s in $scenarios; do
  compare "run-$s" run "$s"
  compare "run-$s-json" run "$s" --format json
  compare "run-$s-csv" run "$s" --format csv
  compare "explain-$s" run "$s" --explain
  compare "doc-$s" doc "$s"
  compare "show-$s" show "$s"
done
compare test-report test --report
compare test-report-json test --report --format json
compare check-catalogue check-catalogue stdlib/catalogue/*.toml
# 300 x 300 = 90,000 points
for f in table json csv; do
  compare "sweep-$f" sweep ActivationMemory --vary 'microbatch=1..300 step 1' --vary 'seq_len=1..300 step 1' --format $f
done
compare plot plot ActivationMemory --x 'microbatch=1..64' --series 'seq_len=1024,2048,4096'
compare help --help

echo "$count commands compared, $differ differ (outputs in $work)"
[ $differ -eq 0 ]
