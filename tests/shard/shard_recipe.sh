#!/usr/bin/env bash
# Runs docs/cli.md's GNU parallel recipe (the sh block after the marker `<!-- shard-recipe -->`) with the
# built mlsi first on PATH, in a scratch folder, and checks that the parts it merges are, byte for byte,
# the same sweep run whole: `--shard K/N` is the K-th contiguous block of the points.
# Usage: shard_recipe.sh MLSI docs/cli.md SCRATCH_DIR
set -euo pipefail
mlsi=$(realpath "$1")
readme=$(realpath "$2")
scratch=$3
rm -rf "$scratch"
mkdir -p "$scratch/bin"
ln -s "$mlsi" "$scratch/bin/mlsi"
export PATH="$scratch/bin:$PATH"
cd "$scratch"
# The recipe: the first ```sh block after the marker.
recipe=$(awk '/<!-- shard-recipe -->/ { armed = 1; next } armed && /^```sh$/ { inside = 1; next } inside && /^```$/ { exit } inside { print }' "$readme")
if [ -z "$recipe" ]; then
  echo "no sh block after <!-- shard-recipe --> in $readme" >&2
  exit 1
fi
printf '%s\n' "$recipe" > recipe.sh
bash -euo pipefail recipe.sh
# The same sweep, whole: the recipe's own command line without its --shard.
whole_command=$(grep -o "mlsi sweep [^']*" recipe.sh | head -1 | sed 's| --shard {}/4.*||')
eval "$whole_command" > whole.csv
points=$(($(wc -l < whole.csv) - 1))
if [ "$points" -ne 100000 ]; then
  echo "the recipe's sweep has $points points, not 100000" >&2
  exit 1
fi
for k in 1 2 3 4; do
  rows=$(($(wc -l < "part-$k.csv") - 1))
  if [ "$rows" -ne 25000 ]; then
    echo "part-$k.csv has $rows rows, not 25000 (the ${k}-th quarter of the points)" >&2
    exit 1
  fi
done
cmp all.csv whole.csv
echo "4 shards merged = the whole sweep ($points points, $(wc -c < all.csv) bytes)"
