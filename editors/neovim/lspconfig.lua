-- layoutlint with nvim-lspconfig (https://github.com/neovim/nvim-lspconfig), for people who already use it.
-- (Without lspconfig, the plugin in this folder does the same: require('layoutlint').setup{}.)

-- Layout specs are JSON with comments: give them the jsonc filetype (on 0.7 also set vim.g.do_filetype_lua = 1).
vim.filetype.add({ pattern = { ['.*%.layout%.jsonc?'] = 'jsonc' } })

-- Layout specs and Swift files (on Swift, a second server beside sourcekit-lsp).
local function is_layout(fname) return fname:match('%.layout%.jsonc?$') ~= nil or fname:match('%.swift$') ~= nil end

if vim.fn.has('nvim-0.11') == 1 then
  -- Neovim 0.11+: the built-in vim.lsp.config (lspconfig not needed).
  vim.lsp.config('layoutlint', {
    cmd = { 'layoutlint', 'serve' },
    filetypes = { 'json', 'jsonc', 'swift' },
    root_dir = function(bufnr, on_dir)
      local fname = vim.api.nvim_buf_get_name(bufnr)
      if is_layout(fname) then -- layout specs and Swift files, not every JSON file
        on_dir(vim.fs.root(bufnr, { '.layoutlint.json', '.git' }) or vim.fs.dirname(fname))
      end
    end,
  })
  vim.lsp.enable('layoutlint')
else
  -- Neovim 0.7-0.10 with nvim-lspconfig.
  local configs = require('lspconfig.configs')
  local util = require('lspconfig.util')
  if not configs.layoutlint then
    configs.layoutlint = {
      default_config = {
        cmd = { 'layoutlint', 'serve' },
        filetypes = { 'json', 'jsonc', 'swift' },
        root_dir = function(fname)
          if not is_layout(fname) then return nil end -- layout specs and Swift files only
          return util.root_pattern('.layoutlint.json', '.git')(fname) or vim.fn.fnamemodify(fname, ':h')
        end,
        single_file_support = false,
      },
      docs = { description = 'layoutlint: the language server for UICollectionViewCompositionalLayout specs.' },
    }
  end
  require('lspconfig').layoutlint.setup({})
end
