// JSON-RPC 2.0 transport (see ARCHITECTURE.md).
