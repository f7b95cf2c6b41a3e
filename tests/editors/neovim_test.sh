#!/usr/bin/env bash
# editors/neovim/mlsi.lua in the Neovim this machine has (Debian 12's is 0.7.2, the oldest the file
# supports): headless, it opens a copy of tests/examples/kv_cache.mls with `+ 1 s` added to `total` and
# waits for `mlsi lsp`'s diagnostics. Expected, worked out from the text: line 13, column 46 (the `+`
# after the 17 characters of "  output total = " and the 28 of "per_token * batch * context "), the
# checker's message for adding bytes to seconds.
# Usage: neovim_test.sh NVIM MLSI SOURCE_DIR
set -euo pipefail
nvim=$1 mlsi=$(realpath "$2") source=$(realpath "$3")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
sed 's/output total = per_token \* batch \* context -> GiB/output total = per_token * batch * context + 1 s -> GiB/' \
  "$source/tests/examples/kv_cache.mls" > "$work/bad.mls"
grep -q '+ 1 s' "$work/bad.mls"
cat > "$work/init.lua" <<'LUA'
package.path = vim.env.MLSI_NVIM_LUA .. '/?.lua;' .. package.path
require('mlsi').setup({ cmd = { vim.env.MLSI, 'lsp' } })
LUA
cat > "$work/wait.lua" <<'LUA'
local got = vim.wait(30000, function() return #vim.diagnostic.get(0) > 0 end, 50)
local out = { got and 'diagnostics' or 'none within 30 s' }
for _, d in ipairs(vim.diagnostic.get(0)) do
  table.insert(out, string.format('%d:%d: %s', d.lnum + 1, d.col + 1, d.message))
end
vim.fn.writefile(out, vim.env.MLSI_NVIM_OUT)
vim.cmd('qa!')
LUA
cd "$work"
"$nvim" --version | head -1
MLSI="$mlsi" MLSI_NVIM_LUA="$source/editors/neovim" MLSI_NVIM_OUT="$work/out.txt" \
  timeout 120 "$nvim" --headless -u init.lua bad.mls -c 'luafile wait.lua'
expected=$'diagnostics\n13:46: cannot add Information and Time'
actual=$(cat "$work/out.txt")
if [ "$actual" != "$expected" ]; then
  printf 'expected:\n%s\ngot:\n%s\n' "$expected" "$actual" >&2
  exit 1
fi
echo ok
