#!/bin/sh
# Regenerates the reference pages of docs/reference from the sources:
#   docs/reference/update.sh [MLSI [OUTDIR]]      (or: cmake --build build --target reference-docs)
# MLSI is the interpreter (default build/mlsi), OUTDIR where the pages go (default docs/reference).
# The test `reference_docs` runs this into the build folder and fails when a committed page differs.
set -eu
root=$(cd "$(dirname "$0")/../.." && pwd)
mlsi=${1:-$root/build/mlsi}
out=${2:-$root/docs/reference}
case $mlsi in /*) ;; */*) mlsi=$PWD/$mlsi ;; esac
case $out in /*) ;; *) out=$PWD/$out ;; esac
# The pages document the built-in catalogue only, and name files relative to the project root.
unset MLSI_PATH
cd "$root"
mkdir -p "$out"
"$mlsi" doc scenarios/training -o "$out/training-scenarios.md"
"$mlsi" doc scenarios/training --format html -o "$out/training-scenarios.html"
"$mlsi" doc scenarios/serving -o "$out/serving-scenarios.md"
"$mlsi" doc scenarios/serving --format html -o "$out/serving-scenarios.html"
"$mlsi" doc scenarios/systems -o "$out/systems-scenarios.md"
"$mlsi" doc scenarios/systems --format html -o "$out/systems-scenarios.html"
"$mlsi" doc scenarios/plan -o "$out/plan-scenarios.md"
"$mlsi" doc scenarios/plan --format html -o "$out/plan-scenarios.html"
"$mlsi" doc catalogue -o "$out/catalogue.md"
