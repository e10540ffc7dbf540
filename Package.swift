// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "layoutlint",
    products: [
        .executable(name: "layoutlint", targets: ["layoutlint"]),
        .library(name: "LayoutLintCore", targets: ["LayoutLintCore"]),
        .library(name: "LayoutLintSwift", targets: ["LayoutLintSwift"]),
        .plugin(name: "LayoutLintBuildToolPlugin", targets: ["LayoutLintBuildToolPlugin"]),
        .plugin(name: "LayoutLintCommandPlugin", targets: ["LayoutLintCommandPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The Swift front end's parser: 602 is Swift 6.2's (Xcode 26), 603 Swift 6.3's; either builds.
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    ],
    targets: [
        // json-c, wrapped once. Everything that reads or writes plain JSON goes through PlainJSON.
        .systemLibrary(
            name: "CJSONC", pkgConfig: "json-c",
            providers: [
                .apt(["libjson-c-dev"]),
                .brew(["json-c"]),
            ]),
        .target(name: "PlainJSON", dependencies: ["CJSONC"]),
        // The linter as a library: parser, document model, resolver, rules, fixes. No I/O formats, no terminals.
        // No unsafe flags anywhere: a package that depends on this one by version could not build it (BENCHMARKS.md,
        // "Exclusivity checks", for what the run-time exclusivity checks cost and how the hot paths avoid them).
        .target(name: "LayoutLintCore"),
        // The Swift front end: reads the Swift that builds compositional layouts (swift-syntax), evaluates it per
        // environment and hands the same layout model the spec parser builds to the same engine.
        .target(
            name: "LayoutLintSwift",
            dependencies: [
                "LayoutLintCore",
                .product(name: "SwiftSyntax", package: "swift-syntax"),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftOperators", package: "swift-syntax"),
            ]),
        // Renders lint results and resolved layouts for people and machines (text, json).
        .target(name: "LayoutLintReport", dependencies: ["LayoutLintCore", "PlainJSON"]),
        // Files: reading, folder expansion, finding and caching `.layoutlint.json`, atomic writes for fixes.
        .target(name: "LayoutLintWorkspace", dependencies: ["LayoutLintCore"]),
        // SVG wireframes of resolved layouts (`layoutlint render`, the editor preview).
        .target(name: "LayoutLintRender", dependencies: ["LayoutLintCore"]),
        // JSON-RPC 2.0 over LSP framing: a byte-level state machine that survives any input, with json-c bodies.
        .target(name: "JSONRPC", dependencies: ["PlainJSON"]),
        // LSP protocol types (positions, ranges, diagnostics, capabilities) as JSON values.
        .target(name: "LSPProtocol", dependencies: ["PlainJSON", "LayoutLintCore"]),
        // The language server: per-document state, handlers, diagnostics publishing.
        .target(
            name: "LayoutLintServer",
            dependencies: [
                "JSONRPC", "LSPProtocol", "LayoutLintCore", "LayoutLintSwift", "LayoutLintReport",
                "LayoutLintWorkspace", "LayoutLintRender", "PlainJSON",
            ]),
        // The thin command-line frontend.
        .executableTarget(
            name: "layoutlint",
            dependencies: [
                "LayoutLintCore", "LayoutLintSwift", "LayoutLintReport", "LayoutLintServer", "LayoutLintWorkspace",
                "LayoutLintRender", "PlainJSON",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(name: "LayoutLintCoreTests", dependencies: ["LayoutLintCore", "TestSupport"]),
        .testTarget(
            name: "SwiftFrontEndTests",
            dependencies: ["LayoutLintSwift", "LayoutLintCore", "LayoutLintReport", "PlainJSON", "TestSupport"],
            exclude: ["Inputs"]),
        .testTarget(name: "RenderTests", dependencies: ["LayoutLintRender", "LayoutLintCore", "PlainJSON"]),
        // Spawns the built `layoutlint` binary (a dependency so that `swift test` builds it).
        // Shared by the test targets that run the real binary.
        .target(name: "TestSupport", dependencies: ["PlainJSON", "JSONRPC"], path: "Tests/TestSupport"),
        .testTarget(name: "CLITests", dependencies: ["PlainJSON", "layoutlint", "TestSupport"]),
        .testTarget(name: "WorkspaceTests", dependencies: ["LayoutLintWorkspace", "LayoutLintCore"]),
        .testTarget(
            name: "ServerTests",
            dependencies: [
                "JSONRPC", "LSPProtocol", "LayoutLintServer", "LayoutLintCore", "PlainJSON", "layoutlint",
                "TestSupport",
            ]),
        .testTarget(
            name: "HostileTests",
            dependencies: [
                "JSONRPC", "LSPProtocol", "LayoutLintServer", "LayoutLintCore", "LayoutLintWorkspace",
                "LayoutLintReport", "PlainJSON", "layoutlint", "TestSupport",
            ]),
        // SwiftPM plugins (Plugins/; docs/install-macos.md): every build of a target lints its layout documents,
        // printing compiler-style warnings; `swift package layoutlint [lint|--fix|explain|render]`.
        .plugin(name: "LayoutLintBuildToolPlugin", capability: .buildTool(), dependencies: ["layoutlint"]),
        .plugin(
            name: "LayoutLintCommandPlugin",
            capability: .command(
                intent: .custom(
                    verb: "layoutlint", description: "Lint (or --fix, explain, render) the package's layout documents"),
                permissions: [
                    .writeToPackageDirectory(reason: "layoutlint --fix applies safe fixes to layout documents in place")
                ]),
            dependencies: ["layoutlint"]),
    ]
)
