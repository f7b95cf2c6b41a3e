#!/bin/sh
# Regenerates every page written from the sources, in place:
#   docs/update.sh [MLSI]                  (or: cmake --build build --target reference-docs)
# - docs/reference/, by `mlsi doc` (docs/reference/update.sh);
# - docs/mlsi.1, the manual page, from its template docs/mlsi.1.in and the verb and option tables;
# - the regions of docs/language.md between `<!-- options: ... -->` and `<!-- end options -->`, from the
#   same tables (the rest of the file is kept byte for byte).
# MLSI is the interpreter (default build/mlsi). The tests `reference_docs`, `man_page` and
# `language_options` fail when a committed page differs from what this writes.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
mlsi=${1:-$root/build/mlsi}
case $mlsi in /*) ;; */*) mlsi=$PWD/$mlsi ;; esac
sh "$root/docs/reference/update.sh" "$mlsi" "$root/docs/reference"
"$mlsi" __man-page < "$root/docs/mlsi.1.in" > "$root/docs/mlsi.1.new"
mv "$root/docs/mlsi.1.new" "$root/docs/mlsi.1"
"$mlsi" __option-regions < "$root/docs/language.md" > "$root/docs/language.md.new"
mv "$root/docs/language.md.new" "$root/docs/language.md"
