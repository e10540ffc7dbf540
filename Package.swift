// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "layoutlint",
    products: [
        .executable(name: "layoutlint", targets: ["layoutlint"]),
        .library(name: "LayoutLintCore", targets: ["LayoutLintCore"]),
        .library(name: "LayoutLintSwift", targets: ["LayoutLintSwift"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The Swift front end's parser: 602 is Swift 6.2's (Xcode 26), 603 Swift 6.3's; either builds.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    ],
    targets: [
        // json-c, wrapped once. Everything that reads or writes plain JSON goes through JSONC.
        .systemLibrary(name: "CJSONC", pkgConfig: "json-c", providers: [.apt(["libjson-c-dev"])]),
        .target(name: "JSONC", dependencies: ["CJSONC"]),
        // The linter as a library: parser, document model, resolver, rules, fixes. No I/O formats, no terminals.
        // Release builds skip the run-time exclusivity checks of the linter's hot paths (about 6% of a batch lint:
        // swift_beginAccess and its thread-local access set); debug builds, the tests and the fuzz targets keep them.
        // Release builds skip the run-time exclusivity checks of the linter's hot paths (12% of the instructions of a
        // batch lint: swift_beginAccess and its thread-local access set); debug builds, the tests and the fuzz targets
        // keep them. (An unsafe flag: a package that depends on this one by version cannot build it; by path or
        // branch it can. Drop the flag if the library is ever published that way.)
        .target(name: "LayoutLintCore", swiftSettings: [.unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]),
        // The Swift front end: reads the Swift that builds compositional layouts (swift-syntax), evaluates it per
        // environment and hands the same layout model the spec parser builds to the same engine.
        .target(name: "LayoutLintSwift", dependencies: [
            "LayoutLintCore",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftOperators", package: "swift-syntax"),
        ]),
        // Renders lint results and resolved layouts for people and machines (text, json).
        .target(name: "LayoutLintReport", dependencies: ["LayoutLintCore", "JSONC"]),
        // Files: reading, folder expansion, finding and caching `.layoutlint.json`, atomic writes for fixes.
        .target(name: "LayoutLintWorkspace", dependencies: ["LayoutLintCore"]),
        // SVG wireframes of resolved layouts (`layoutlint render`, the editor preview).
        .target(name: "LayoutLintRender", dependencies: ["LayoutLintCore"]),
        // JSON-RPC 2.0 over LSP framing: a byte-level state machine that survives any input, with json-c bodies.
        .target(name: "JSONRPC", dependencies: ["JSONC"]),
        // LSP protocol types (positions, ranges, diagnostics, capabilities) as JSON values.
        .target(name: "LSPProtocol", dependencies: ["JSONC", "LayoutLintCore"]),
        // The language server: per-document state, handlers, diagnostics publishing.
        .target(name: "LayoutLintServer", dependencies: ["JSONRPC", "LSPProtocol", "LayoutLintCore", "LayoutLintReport", "LayoutLintWorkspace", "LayoutLintRender", "JSONC"]),
        // The thin command-line frontend.
        .executableTarget(name: "layoutlint", dependencies: [
            "LayoutLintCore", "LayoutLintSwift", "LayoutLintReport", "LayoutLintServer", "LayoutLintWorkspace", "LayoutLintRender", "JSONC",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .testTarget(name: "LayoutLintCoreTests", dependencies: ["LayoutLintCore", "TestSupport"]),
        .testTarget(name: "SwiftFrontEndTests", dependencies: ["LayoutLintSwift", "LayoutLintCore", "LayoutLintReport", "JSONC"]),
        .testTarget(name: "RenderTests", dependencies: ["LayoutLintRender", "LayoutLintCore", "JSONC"]),
        // Spawns the built `layoutlint` binary (a dependency so that `swift test` builds it).
        // Shared by the test targets that run the real binary.
        .target(name: "TestSupport", dependencies: ["JSONC", "JSONRPC"], path: "Tests/TestSupport"),
        .testTarget(name: "CLITests", dependencies: ["JSONC", "layoutlint", "TestSupport"]),
        .testTarget(name: "WorkspaceTests", dependencies: ["LayoutLintWorkspace", "LayoutLintCore"]),
        .testTarget(name: "ServerTests", dependencies: ["JSONRPC", "LSPProtocol", "LayoutLintServer", "LayoutLintCore", "JSONC", "layoutlint", "TestSupport"]),
        // The Swift front end against the spec documents: export → import round trips, and the exported Swift
        // type-checks against the UIKit stub (Tests/SwiftLayouts/Stub).
        .testTarget(name: "HostileTests", dependencies: ["JSONRPC", "LSPProtocol", "LayoutLintServer", "LayoutLintCore", "LayoutLintWorkspace", "LayoutLintReport", "JSONC", "layoutlint", "TestSupport"]),
    ]
)
