// LSP protocol types (see ARCHITECTURE.md).
