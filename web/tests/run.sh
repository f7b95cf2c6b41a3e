#!/usr/bin/env bash
# ctest's web_* tests (tests/CMakeLists.txt): bash web/tests/run.sh STEP MLSI OUT_DIR, from the repository.
#   build      bash web/build.sh (incremental: build-wasm/, web/node_modules, web/dist)
#   api        the JavaScript API against MLSI, the native command line (web/tests/api.test.mjs)
#   highlight  the editor's highlighting against vscode-textmate (web/tests/highlight.test.mjs)
#   browser    the playground and the widget in Chromium (web/tests/browser_test.py), screenshots in OUT_DIR
# Exits 77 (skipped) with the reason where Emscripten, Node, Chromium or selenium is missing, unless
# MLSI_WEB_REQUIRED=1 (.ci/web, which installs them): then that is a failure.
set -euo pipefail
step="$1" mlsi="$(realpath "$2")" out="$3"
cd "$(dirname "$0")/../.."
skip() {
  if [ "${MLSI_WEB_REQUIRED:-0}" = 1 ]; then echo "FAIL: $* (MLSI_WEB_REQUIRED=1)"; exit 1; fi
  echo "SKIPPED: $* (bash .ci/install web installs it)"
  exit 77
}
for tool in emcmake node npm; do command -v "$tool" >/dev/null || skip "no $tool"; done
wasm="${MLSI_WASM_BUILD_DIR:-$PWD/build-wasm}/web/wasm"
case "$step" in
  build) bash web/build.sh ;;
  api)
    [ -f "$wasm/mlsi.js" ] || { echo "FAIL: no $wasm/mlsi.js: web_build builds it"; exit 1; }
    MLSI="$mlsi" MLSI_WASM_DIR="$wasm" node --test web/tests/api.test.mjs ;;
  highlight)
    [ -d web/node_modules/vscode-textmate ] || { echo "FAIL: no web/node_modules: web_build installs them"; exit 1; }
    node --test web/tests/highlight.test.mjs ;;
  browser)
    [ -x /usr/bin/chromium ] || skip "no chromium"
    [ -x /usr/bin/chromedriver ] || skip "no chromium-driver"
    /usr/bin/python3 -c "import selenium" 2>/dev/null || skip "no python3-selenium"
    /usr/bin/python3 web/tests/browser_test.py "$mlsi" web/dist "$out" ;;
  *) echo "usage: bash web/tests/run.sh build|api|highlight|browser MLSI OUT_DIR" >&2; exit 2 ;;
esac
