// JSON-RPC 2.0 transport with LSP framing (see ARCHITECTURE.md), one job a file:
//
// - `MessageFramer` (MessageFramer.swift): a byte-level state machine that turns any byte sequence into frames
//   (bodies) and framing errors. It never throws, never buffers more than the maximum message size, and recovers
//   from garbage by skipping to the next plausible header.
// - `SkippedMessageScanner` (SkippedMessageScanner.swift): what a message too large to read says about itself.
// - `decodeBody` (BodyDecoding.swift): a body → JSON-RPC messages (single or batch) or the error responses JSON-RPC
//   prescribes.
// - `MessageWriter` (MessageWriter.swift): builds messages and writes framed bodies to a file descriptor, handling
//   short writes, EINTR and EPIPE.
// This file holds the error codes.

// MARK: error codes

public enum RPCErrorCode {
    public static let parseError = -32700
    public static let invalidRequest = -32600
    public static let methodNotFound = -32601
    public static let invalidParams = -32602
    public static let internalError = -32603
    public static let serverNotInitialized = -32002
    public static let unknownErrorCode = -32001
    public static let requestFailed = -32803
    public static let serverCancelled = -32802
    public static let contentModified = -32801
    public static let requestCancelled = -32800
}
