#!/usr/bin/env bash
# Builds the playground and the widget into web/dist/ from a clean checkout (web/README.md):
#   1. the WebAssembly module (mlsi::lang and web/wasm) with Debian's Emscripten, in build-wasm/
#      (MLSI_WASM_BUILD_DIR to build elsewhere), incrementally;
#   2. the npm packages of web/package-lock.json into web/node_modules (npm ci, again only when the lock
#      file changed; nothing is installed globally);
#   3. esbuild bundles src/ into dist/: index.html (the playground), playground.js, editor.js and .css, widget.html,
#      mlsi-widget.js, and mlsi.wasm, which both load from beside them.
# Needs emscripten, nodejs and npm (bash .ci/install web) and the headers building mlsi needs
# (bash .ci/install build). Nothing is loaded from the network when the page runs.
set -euo pipefail
web="$(cd "$(dirname "$0")" && pwd)"
root="$(dirname "$web")"
build="${MLSI_WASM_BUILD_DIR:-$root/build-wasm}"
for tool in emcmake em++ node npm; do
  command -v "$tool" >/dev/null || { echo "web/build.sh: no $tool: bash .ci/install web installs it" >&2; exit 2; }
done
# Emscripten's JavaScript passes need acorn, which Debian's node-acorn puts where Debian's nodejs looks;
# a nodejs from elsewhere (NodeSource's) does not look there by itself.
export NODE_PATH="/usr/share/nodejs${NODE_PATH:+:$NODE_PATH}"

started=$SECONDS
emcmake cmake -S "$root" -B "$build" -DMLSI_WASM=ON -DCMAKE_BUILD_TYPE=Release -DMLSI_WERROR=ON >/dev/null
cmake --build "$build" -j"${MLSI_JOBS:-2}" --target mlsi_wasm
echo "web/build.sh: WebAssembly module built in $((SECONDS - started)) s"

cd "$web"
if [ ! -f node_modules/.mlsi-lock ] || ! cmp -s package-lock.json node_modules/.mlsi-lock; then
  npm ci --no-audit --no-fund
  cp package-lock.json node_modules/.mlsi-lock
fi

rm -rf dist
mkdir -p dist
esbuild=(node_modules/.bin/esbuild --bundle --minify --target=es2022 --log-level=warning --alias:mlsi-wasm="$build/web/wasm/mlsi.js"
         --external:fs --external:path --legal-comments=external)
# The playground and its editor (src/editor.js: CodeMirror, most of the JavaScript) as two bundles, which
# share nothing: the page imports the editor while its first result is computed.
"${esbuild[@]}" src/playground.js --format=esm --outfile=dist/playground.js
"${esbuild[@]}" src/editor.js --format=esm --outfile=dist/editor.js
"${esbuild[@]}" src/widget.js --format=iife --outfile=dist/mlsi-widget.js
cp src/index.html src/widget.html src/playground.css dist/
cp "$build/web/wasm/mlsi.wasm" dist/
echo "web/build.sh: web/dist/ built in $((SECONDS - started)) s:"
ls -l dist | awk 'NR > 1 { printf "  %-28s %9d bytes\n", $9, $5 }'
