-- mlsi's language server in Neovim's built-in client, from Neovim 0.7.2 (Debian 12's) on: put this file
-- where `require` finds it (~/.config/nvim/lua/mlsi.lua) and add `require('mlsi').setup()` to init.lua.
-- setup{ cmd = { 'mlsi', 'lsp', '--catalog', 'my_chips.toml' } } changes the command.
local M = {}

-- One client for every .mls buffer of a session. 0.7 has no vim.lsp.start (0.8) and no vim.fs (0.8):
-- start_client once and attach each buffer; the root is the working folder.
local client_id = nil

local function attach(buf, cmd)
  if vim.lsp.start then
    vim.lsp.start({ name = 'mlsi', cmd = cmd, root_dir = vim.fn.getcwd() }, { bufnr = buf })
  else
    if not client_id or vim.lsp.client_is_stopped(client_id) then
      client_id = vim.lsp.start_client({ name = 'mlsi', cmd = cmd, root_dir = vim.fn.getcwd() })
    end
    if client_id then vim.lsp.buf_attach_client(buf, client_id) end
  end
  -- Each output's value beside its formula: inlay hints (Neovim 0.10 or later).
  if vim.lsp.inlay_hint and vim.lsp.inlay_hint.enable then pcall(vim.lsp.inlay_hint.enable, true, { bufnr = buf }) end
end

function M.setup(opts)
  local cmd = (opts and opts.cmd) or { 'mlsi', 'lsp' }
  -- filetype.lua is opt-in on 0.7: an autocommand names the file type on every version.
  vim.cmd([[autocmd BufRead,BufNewFile *.mls setfiletype mls]])
  vim.api.nvim_create_autocmd('FileType', {
    pattern = 'mls',
    callback = function(args) attach(args.buf, cmd) end,
  })
end

return M
