-- Headless Neovim check: layoutlint as a second server on a Swift file, with the plugin's default patterns: a buffer
-- opened before setup{} gets the server, and gets it again after :LayoutlintRestart.
-- Run by Tests/editors/run-neovim.sh with LL_REPO, LL_BIN and LL_SWIFT (a copy of examples/FeedViewController.swift).
local function out(s) io.stdout:write(s .. '\n') end
local function finish(code)
  io.stdout:flush()
  vim.cmd(code == 0 and 'qall!' or ('cquit ' .. code))
end
local function fail(code, msg)
  out('FAIL: ' .. msg)
  finish(code)
  error('stop')
end
vim.defer_fn(function() fail(3, 'timed out after 60 s') end, 60000)

local repo, bin, file = vim.env.LL_REPO, vim.env.LL_BIN, vim.env.LL_SWIFT
vim.opt.runtimepath:prepend(repo .. '/editors/neovim')
vim.cmd('filetype on')
local layoutlint = require('layoutlint')
-- The Swift file is open before setup{} runs (a session restored, `nvim Feed.swift` with the setup in a later file).
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
layoutlint.setup({ cmd = { bin, 'serve' } })
vim.wait(15000, function() return layoutlint.client(bufnr) ~= nil end, 50)
local client = layoutlint.client(bufnr)
if not client then fail(2, 'no layoutlint client attached to the Swift buffer opened before setup{} (filetype ' .. vim.bo[bufnr].filetype .. ')') end
if not vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
  fail(4, 'no diagnostics for the Swift file within 20 s')
end
local found = false
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  out(string.format('DIAG %d:%d code=%s', d.lnum, d.col, tostring(d.code)))
  if d.code == 'estimated-content-insets' and d.lnum == 36 and d.col == 29 then found = true end
end
if not found then fail(5, 'estimated-content-insets at line 37, column 30 (1-based) is missing') end

-- Hover on the card's `.estimated(120)`: its computed size, estimated.
local line = vim.api.nvim_buf_get_lines(bufnr, 34, 35, false)[1]
local col = line:find('.estimated(120)', 1, true)
local resp = client.request_sync('textDocument/hover', {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 34, character = col },
}, 10000, bufnr)
if not resp or resp.err or not resp.result then fail(6, 'hover failed: ' .. vim.inspect(resp)) end
local value = resp.result.contents.value or ''
-- (In the first device a Swift file is checked in, the iPhone 16 Pro: half of 402 pt less the 10 pt spacing.)
if not value:find('≈191×120', 1, true) then fail(6, 'hover lacks the estimated size ≈191×120: ' .. value) end
out('SWIFT OK: diagnostics and hover')

-- :LayoutlintRestart stops the server and attaches a new one to the open Swift buffer.
local old = client.id
vim.cmd('LayoutlintRestart')
if not vim.wait(15000, function() local c = layoutlint.client(bufnr); return c ~= nil and c.id ~= old end, 50) then
  fail(7, 'no layoutlint client attached to the Swift buffer after :LayoutlintRestart')
end
vim.diagnostic.reset(nil, bufnr)
if not vim.wait(20000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50) then
  fail(7, 'no diagnostics for the Swift file within 20 s of :LayoutlintRestart')
end
out('RESTART OK: a new client attached, diagnostics again')
finish(0)
