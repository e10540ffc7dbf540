-- layoutlint for Neovim >= 0.7: starts `layoutlint serve` (the language server) for *.layout.json,
-- *.layout.jsonc and *.swift buffers, one client per project root (on Swift files a second server beside
-- sourcekit-lsp). Usage (init.lua):
--
--   require('layoutlint').setup{}                        -- defaults below
--   require('layoutlint').setup{ cmd = { '/path/to/layoutlint', 'serve' }, on_attach = my_on_attach }
--
-- No other plugin is needed. With nvim-lspconfig, see editors/neovim/lspconfig.lua instead.
local M = {}

M.defaults = {
  -- The server command. `layoutlint` must be on PATH, or give the full path.
  cmd = { 'layoutlint', 'serve' },
  -- Buffers whose file name matches one of these (autocmd patterns) get the server: whether they are open before
  -- setup{} runs, opened after, or open when :LayoutlintRestart runs. Leave out '*.swift' for layout documents only.
  patterns = { '*.layout.json', '*.layout.jsonc', '*.swift' },
  -- The filetype set on those buffers ('jsonc': comments and trailing commas are allowed). nil leaves it alone.
  filetype = 'jsonc',
  -- The project root is the nearest folder upwards holding one of these; else the file's folder.
  root_markers = { '.layoutlint.json', '.git' },
  -- Standard vim.lsp client options, passed through when set.
  on_attach = nil,
  capabilities = nil,
  handlers = nil,
  flags = nil,
  -- Define :LayoutlintFixAll, :LayoutlintRestart and :LayoutlintInfo.
  commands = true,
}

M.config = vim.deepcopy(M.defaults)
local clients = {} -- root_dir -> client id

local function notify(msg, level)
  vim.notify('layoutlint: ' .. msg, level or vim.log.levels.INFO)
end

-- A layout document (its filetype is set to `filetype`).
local function is_layout_document(name)
  return name:match('%.layout%.jsonc?$') ~= nil
end

-- Whether a buffer's file name matches `patterns`, as the BufReadPost autocmd matches them (a pattern without a
-- slash matches the file's name in any folder).
local function matches(name)
  if name == '' then
    return false
  end
  local tail = vim.fn.fnamemodify(name, ':t')
  for _, pattern in ipairs(M.config.patterns) do
    local subject = pattern:find('/', 1, true) and name or tail
    if vim.fn.match(subject, vim.fn.glob2regpat(pattern)) >= 0 then
      return true
    end
  end
  return false
end
M._matches = matches

--- The project root of a file: the nearest folder upwards with a root marker, else the file's folder.
function M.root_dir(fname)
  local dir = vim.fn.fnamemodify(fname, ':p:h')
  local uv = vim.loop
  local cur = dir
  while cur and cur ~= '' do
    for _, marker in ipairs(M.config.root_markers) do
      if uv.fs_stat(cur .. '/' .. marker) then
        return cur
      end
    end
    local parent = vim.fn.fnamemodify(cur, ':h')
    if parent == cur then
      break
    end
    cur = parent
  end
  return dir
end

local function client_alive(id)
  local client = id and vim.lsp.get_client_by_id(id)
  return client ~= nil and not client:is_stopped()
end

-- Client methods are closures before Neovim 0.11 (client.request_sync(...)) and methods after (client:request_sync(...)).
local has_011 = vim.fn.has('nvim-0.11') == 1
local function call(client, method, ...)
  if has_011 then
    return client[method](client, ...)
  end
  return client[method](...)
end
M._call = call

--- Starts (or reuses) the server for a buffer and attaches it. Returns the client id, or nil.
function M.start(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local fname = vim.api.nvim_buf_get_name(bufnr)
  if fname == '' or vim.bo[bufnr].buftype ~= '' then
    return nil
  end
  local root = M.root_dir(fname)
  local id = clients[root]
  if not client_alive(id) then
    local cfg = M.config
    if vim.fn.executable(cfg.cmd[1]) ~= 1 then
      notify(string.format("'%s' is not executable: install layoutlint or set cmd in setup{}", cfg.cmd[1]),
        vim.log.levels.ERROR)
      return nil
    end
    local config = {
      name = 'layoutlint',
      cmd = cfg.cmd,
      root_dir = root,
      workspace_folders = { { uri = vim.uri_from_fname(root), name = root } },
      on_attach = cfg.on_attach,
      capabilities = cfg.capabilities,
      handlers = cfg.handlers,
      flags = cfg.flags,
    }
    if vim.lsp.start then -- 0.8+: starts or reuses, and attaches
      id = vim.lsp.start(config, { bufnr = bufnr })
    else
      id = vim.lsp.start_client(config)
    end
    if not id then
      notify('could not start ' .. table.concat(cfg.cmd, ' '), vim.log.levels.ERROR)
      return nil
    end
    clients[root] = id
  end
  if not vim.lsp.buf_is_attached(bufnr, id) then
    vim.lsp.buf_attach_client(bufnr, id)
  end
  return id
end

--- The running layoutlint client attached to a buffer, or nil.
function M.client(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local list = vim.lsp.get_clients and vim.lsp.get_clients({ bufnr = bufnr }) or vim.lsp.buf_get_clients(bufnr)
  for _, client in pairs(list) do
    if client.name == 'layoutlint' then
      return client
    end
  end
  return nil
end

--- Applies every safe fix in the buffer (the server's `source.fixAll.layoutlint` code action).
function M.fix_all(bufnr)
  bufnr = (bufnr == nil or bufnr == 0) and vim.api.nvim_get_current_buf() or bufnr
  local client = M.client(bufnr)
  if not client then
    return notify('no layoutlint server attached to this buffer', vim.log.levels.WARN)
  end
  local last = vim.api.nvim_buf_line_count(bufnr)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = 0, character = 0 }, ['end'] = { line = last, character = 0 } },
    context = { diagnostics = {}, only = { 'source.fixAll.layoutlint' } },
  }
  local resp = call(client, 'request_sync', 'textDocument/codeAction', params, 5000, bufnr)
  if not resp or resp.err then
    return notify('fix all failed: ' .. vim.inspect(resp and resp.err), vim.log.levels.ERROR)
  end
  for _, action in ipairs(resp.result or {}) do
    if action.edit then
      vim.lsp.util.apply_workspace_edit(action.edit, client.offset_encoding)
      return true
    end
  end
  notify('nothing to fix')
  return false
end

function M.restart()
  for root, id in pairs(clients) do
    vim.lsp.stop_client(id)
    clients[root] = nil
  end
  vim.defer_fn(function()
    for _, buf in ipairs(vim.api.nvim_list_bufs()) do
      if vim.api.nvim_buf_is_loaded(buf) and matches(vim.api.nvim_buf_get_name(buf)) then
        M.start(buf)
      end
    end
  end, 500)
end

function M.setup(opts)
  M.config = vim.tbl_deep_extend('force', vim.deepcopy(M.defaults), opts or {})
  if opts and opts.cmd then
    M.config.cmd = opts.cmd -- lists are replaced, not merged
  end
  local group = vim.api.nvim_create_augroup('layoutlint', { clear = true })
  local ft = M.config.filetype
  if ft then
    -- Neovim 0.8+ (and 0.7 with g:do_filetype_lua) detect by vim.filetype; 0.7's filetype.vim says json, fixed below.
    if vim.filetype and vim.filetype.add then
      vim.filetype.add({ pattern = { ['.*%.layout%.jsonc?'] = ft } })
    end
    vim.api.nvim_create_autocmd('FileType', {
      group = group,
      pattern = { 'json', 'javascript' },
      nested = true,
      callback = function(args)
        if is_layout_document(vim.api.nvim_buf_get_name(args.buf)) and vim.bo[args.buf].filetype ~= ft then
          vim.bo[args.buf].filetype = ft
        end
      end,
    })
  end
  vim.api.nvim_create_autocmd({ 'BufReadPost', 'BufNewFile' }, {
    group = group,
    pattern = M.config.patterns,
    callback = function(args)
      M.start(args.buf)
    end,
  })
  if M.config.commands then
    vim.api.nvim_create_user_command('LayoutlintFixAll', function() M.fix_all(0) end,
      { desc = 'layoutlint: apply every safe fix in this buffer' })
    vim.api.nvim_create_user_command('LayoutlintRestart', M.restart, { desc = 'layoutlint: restart the server' })
    vim.api.nvim_create_user_command('LayoutlintInfo', function()
      local client = M.client(0)
      print(client and string.format('layoutlint client %d, root %s, cmd %s', client.id,
        tostring(client.config.root_dir), table.concat(client.config.cmd, ' ')) or 'layoutlint: not attached')
    end, { desc = 'layoutlint: show the client attached to this buffer' })
  end
  -- Buffers already open when setup() runs.
  for _, buf in ipairs(vim.api.nvim_list_bufs()) do
    if vim.api.nvim_buf_is_loaded(buf) and matches(vim.api.nvim_buf_get_name(buf)) then
      M.start(buf)
    end
  end
end

return M
