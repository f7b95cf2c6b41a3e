#!/usr/bin/env bash
# The parser's instructions per byte over the packs' source (issue #42): bench/parse_packs parses every
# .mls file of scenarios/ and stdlib/ (source text to AST, nothing else) under callgrind, and the
# instructions are split into the parse tree (the grammar's match and the tree's records), its conversion
# to the AST (Converter) and the check that the text is UTF-8 without control characters.
# Usage: bench/parse_cost.sh [BUILD_DIR]   (default build-bench; the target parse_packs is built there)
set -euo pipefail
cd "$(dirname "$0")/.."
build="${1:-build-bench}"
. bench/setup.sh
bench_tools valgrind
bench_configure "$build"
cmake --build "$build" -j2 --target parse_packs >/dev/null
mapfile -t files < <(find scenarios stdlib -name '*.mls' | sort)
bytes=$(cat "${files[@]}" | wc -c)
# Instructions inside the functions named (callgrind counts only while one of them runs).
inside() {
  local -a toggles=()
  for f in "$@"; do toggles+=("--toggle-collect=$f"); done
  valgrind --tool=callgrind --callgrind-out-file=/dev/null --collect-atstart=no "${toggles[@]}" \
    "$build/bench/parse_packs" "${files[@]}" 2>&1 >/dev/null | sed -n 's/.*refs: *\([0-9,]*\).*/\1/p' | tr -d ,
}
parse=$(inside 'mlsi::parse_module(*')
convert=$(inside 'mlsi::parse_detail::Converter::decl(*' 'mlsi::parse_detail::Converter::stray_docs(*')
encoding=$(inside 'mlsi::find_text_problem(*')
tree=$((parse - convert - encoding))
per_byte() { awk -v a="$1" -v b="$bytes" 'BEGIN {printf "%.1f", a / b}'; }
echo "| | instructions | per byte |"
echo "|---|---|---|"
echo "| parse_module, in all ($bytes bytes, ${#files[@]} files) | $parse | $(per_byte "$parse") |"
echo "| parse tree (grammar and tree records) | $tree | $(per_byte "$tree") |"
echo "| conversion to the AST | $convert | $(per_byte "$convert") |"
echo "| encoding check | $encoding | $(per_byte "$encoding") |"
