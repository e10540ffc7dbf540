// swift-tools-version:6.0
// libFuzzer targets for layoutlint (ROBUSTNESS.md). Built only by `scripts/fuzz`:
//   cd Fuzz && swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address
// The main package never sees this one. The product modules are reached through symlinks in `Shared/` to the main
// package's `Sources/` (the same files, compiled here with the sanitizers), because the main package exports only
// `LayoutLintCore` as a library product and SwiftPM forbids two targets of the same name in one package graph, so
// `.package(path: "..")` could not give the fuzzers JSONRPC or LayoutLintServer. swift-syntax (for the Swift front
// end) resolves as the main package's does; only FuzzSwift depends on it, and `scripts/fuzz` builds it only when that
// target runs (each target is built as its own product).
import PackageDescription

let package = Package(
    name: "layoutlint-fuzz",
    dependencies: [
        // The Swift front end's parser (the main package's range).
        .package(url: "https://github.com/swiftlang/swift-syntax", "602.0.0"..<"604.0.0"),
    ],
    targets: [
        .systemLibrary(name: "CJSONC", path: "Shared/CJSONC", pkgConfig: "json-c"),
        .target(name: "PlainJSON", dependencies: ["CJSONC"], path: "Shared/PlainJSON"),
        // With the run-time exclusivity checks that release builds of the main package leave out on hot properties.
        .target(name: "LayoutLintCore", path: "Shared/LayoutLintCore", swiftSettings: [.define("LAYOUTLINT_EXCLUSIVITY_CHECKS")]),
        .target(name: "LayoutLintReport", dependencies: ["LayoutLintCore", "PlainJSON"], path: "Shared/LayoutLintReport"),
        .target(name: "LayoutLintSwift", dependencies: [
            "LayoutLintCore",
            .product(name: "SwiftSyntax", package: "swift-syntax"),
            .product(name: "SwiftParser", package: "swift-syntax"),
            .product(name: "SwiftOperators", package: "swift-syntax"),
        ], path: "Shared/LayoutLintSwift"),
        .target(name: "LayoutLintRender", dependencies: ["LayoutLintCore"], path: "Shared/LayoutLintRender"),
        .target(name: "LayoutLintWorkspace", dependencies: ["LayoutLintCore"], path: "Shared/LayoutLintWorkspace"),
        .target(name: "JSONRPC", dependencies: ["PlainJSON"], path: "Shared/JSONRPC"),
        .target(name: "LSPProtocol", dependencies: ["PlainJSON", "LayoutLintCore"], path: "Shared/LSPProtocol"),
        .target(name: "LayoutLintServer", dependencies: ["JSONRPC", "LSPProtocol", "LayoutLintCore", "LayoutLintSwift", "LayoutLintReport", "LayoutLintWorkspace", "LayoutLintRender", "PlainJSON"],
                path: "Shared/LayoutLintServer"),
        // Shared by every target: `check` and the input `Reader` (no product module, so the framer and the core
        // targets do not link the server).
        .target(name: "FuzzCheck"),
        // Running the server in process on one input (re-exports FuzzCheck).
        .target(name: "FuzzSupport", dependencies: ["FuzzCheck", "PlainJSON", "JSONRPC", "LayoutLintServer"]),
        // Each fuzz target: an executable with only `LLVMFuzzerTestOneInput` (no main; libFuzzer provides it).
        .executableTarget(name: "FuzzFramer", dependencies: ["FuzzCheck", "JSONRPC", "PlainJSON"]),
        .executableTarget(name: "FuzzServer", dependencies: ["FuzzSupport", "JSONRPC", "PlainJSON"]),
        .executableTarget(name: "FuzzPipeline", dependencies: ["FuzzCheck", "PlainJSON", "LayoutLintCore", "LayoutLintReport"]),
        .executableTarget(name: "FuzzIncremental", dependencies: ["FuzzSupport", "LayoutLintCore", "LSPProtocol", "JSONRPC", "PlainJSON"]),
        .executableTarget(name: "FuzzIncrementalCore", dependencies: ["FuzzCheck", "LayoutLintCore"]),
        .executableTarget(name: "FuzzSwift", dependencies: [
            "FuzzCheck", "LayoutLintCore", "LayoutLintSwift",
            .product(name: "SwiftParser", package: "swift-syntax"), .product(name: "SwiftSyntax", package: "swift-syntax"),
        ]),
    ]
)
