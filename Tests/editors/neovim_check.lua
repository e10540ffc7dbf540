-- Headless Neovim (>= 0.7) check of editors/neovim against the real `layoutlint serve`.
-- Run by Tests/editors/run-neovim.sh, which sets LL_REPO, LL_BIN, LL_FILE (a copy of
-- examples/mistakes-estimated.layout.json), LL_EXPECTED (`lint --format json` of it) and LL_EXPLAIN (`explain --format json`).
local function out(s) io.stdout:write(s .. '\n') end
local function finish(code)
  io.stdout:flush()
  vim.cmd(code == 0 and 'qall!' or ('cquit ' .. code))
end
local function fail(code, msg)
  out('FAIL: ' .. msg)
  finish(code)
  error('stop') -- not reached: cquit exits
end
vim.defer_fn(function() fail(3, 'timed out after 90 s') end, 90000)

local function read_json(path)
  local f = assert(io.open(path, 'r'))
  local s = f:read('*a')
  f:close()
  return (vim.json and vim.json.decode or vim.fn.json_decode)(s)
end

local repo, bin, file = vim.env.LL_REPO, vim.env.LL_BIN, vim.env.LL_FILE
local expected = read_json(vim.env.LL_EXPECTED).files[1].diagnostics
local explain = read_json(vim.env.LL_EXPLAIN)

-- Record the raw publishDiagnostics (for the code action request), then let Neovim handle them as usual.
local published = {} -- list of params, in arrival order
local orig = vim.lsp.handlers['textDocument/publishDiagnostics']
vim.lsp.handlers['textDocument/publishDiagnostics'] = function(err, result, ctx, config)
  table.insert(published, result)
  return orig(err, result, ctx, config)
end

-- The plugin, exactly as a user sets it up.
vim.opt.runtimepath:prepend(repo .. '/editors/neovim')
vim.cmd('filetype on')
local layoutlint = require('layoutlint')
layoutlint.setup({ cmd = { bin, 'serve' } })

vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
if vim.bo[bufnr].filetype ~= 'jsonc' then
  fail(7, 'filetype is ' .. vim.bo[bufnr].filetype .. ', expected jsonc')
end
-- (Neovim 0.7 lists a client only once its initialize request has been answered.)
vim.wait(15000, function() return layoutlint.client(bufnr) ~= nil end, 50)
local client = layoutlint.client(bufnr)
if not client then fail(2, 'the plugin did not attach a layoutlint client to ' .. file) end
out('ATTACHED client ' .. client.id .. ' cmd=' .. table.concat(client.config.cmd, ' '))

-- 1. Diagnostics: the same rules at the same positions as `layoutlint lint --format json`.
if not vim.wait(20000, function() return #published > 0 end, 50) then
  fail(4, 'no textDocument/publishDiagnostics within 20 s')
end
vim.wait(200, function() return false end, 50) -- let vim.diagnostic settle
local got = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  out(string.format('DIAG %d:%d severity=%d source=%s code=%s', d.lnum, d.col, d.severity, tostring(d.source), tostring(d.code)))
  if d.source ~= 'layoutlint' then fail(5, 'diagnostic source is ' .. tostring(d.source)) end
  table.insert(got, string.format('%s@%d:%d', tostring(d.code), d.lnum, d.col))
end
local want = {}
for _, d in ipairs(expected) do
  table.insert(want, string.format('%s@%d:%d', d.rule, d.range.start.line, d.range.start.character))
end
table.sort(got)
table.sort(want)
if table.concat(got, ' ') ~= table.concat(want, ' ') then
  fail(5, 'diagnostics differ from `lint --format json`:\n  editor: ' .. table.concat(got, ' ') .. '\n  cli:    ' .. table.concat(want, ' '))
end
if not vim.tbl_contains(got, 'estimated-content-insets@21:29') then
  fail(5, 'estimated-content-insets at line 22, column 30 (1-based) is missing')
end
out('DIAGNOSTICS OK (' .. #got .. ', same as the CLI)')

-- 2. Hover on the width of /sections/0/group (line 13): the computed width from `explain`.
local group = explain.environments[1].sections[1].group
local width = group.frame[3]
local width_text = (width == math.floor(width)) and string.format('%d', width) or tostring(width)
local line = vim.api.nvim_buf_get_lines(bufnr, 12, 13, false)[1]
local col = line:find('fractionalWidth', 1, true)
if not col then fail(6, 'line 13 is not the group width: ' .. line) end
local resp = layoutlint._call(client, 'request_sync', 'textDocument/hover',
  { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 12, character = col } }, 10000, bufnr)
if not resp or resp.err or not resp.result then fail(6, 'hover failed: ' .. vim.inspect(resp)) end
local contents = resp.result.contents
local text = type(contents) == 'table' and (contents.value or vim.inspect(contents)) or tostring(contents)
out('HOVER ' .. text:gsub('\n', ' | '))
if type(contents) ~= 'table' or contents.kind ~= 'markdown' then fail(6, 'hover is not Markdown MarkupContent') end
if not text:find(width_text, 1, true) then
  fail(6, 'hover does not show the computed width ' .. width_text .. ' (from explain)')
end
out('HOVER OK (shows ' .. width_text .. ')')

-- 3. Quick fix for estimated-content-insets: apply it, the buffer changes and the finding goes away.
local raw
for _, d in ipairs(published[#published].diagnostics) do
  if d.code == 'estimated-content-insets' then raw = d end
end
if not raw then fail(8, 'raw estimated-content-insets diagnostic not found') end
local before = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
local n_published = #published
resp = layoutlint._call(client, 'request_sync', 'textDocument/codeAction', {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) },
  range = raw.range,
  context = { diagnostics = { raw }, only = { 'quickfix' } },
}, 10000, bufnr)
if not resp or resp.err or type(resp.result) ~= 'table' then fail(8, 'codeAction failed: ' .. vim.inspect(resp)) end
local action
for _, a in ipairs(resp.result) do
  out('ACTION ' .. tostring(a.kind) .. ': ' .. a.title)
  if a.kind == 'quickfix' and a.edit and (a.isPreferred or not action) and not a.title:match('^Disable') then
    action = a
  end
end
if not action then fail(8, 'no quickfix with an edit for estimated-content-insets') end
vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
local after = vim.api.nvim_buf_get_lines(bufnr, 0, -1, false)
if table.concat(before, '\n') == table.concat(after, '\n') then fail(8, 'applying "' .. action.title .. '" did not change the buffer') end
if not table.concat(after, '\n'):find('edgeSpacing', 1, true) then fail(8, 'the fixed buffer has no edgeSpacing') end
out('FIXED: ' .. action.title)
if not vim.wait(20000, function() return #published > n_published end, 50) then
  fail(9, 'no diagnostics after the edit')
end
vim.wait(200, function() return false end, 50)
local after_codes = {}
for _, d in ipairs(vim.diagnostic.get(bufnr)) do
  if d.code == 'estimated-content-insets' then fail(9, 'estimated-content-insets still reported after the fix') end
  table.insert(after_codes, d.code)
end
if #after_codes ~= #expected - 1 then
  fail(9, string.format('expected %d diagnostics after the fix, got %d', #expected - 1, #after_codes))
end
out('QUICKFIX OK (' .. #after_codes .. ' diagnostics left)')

vim.lsp.stop_client(client.id)
vim.wait(2000, function() return client:is_stopped() end, 50)
out('PASS')
finish(0)
