// swift-tools-version:6.0
// A package that uses layoutlint as an app's package would: `Tests/PluginFixture/run.sh` builds it (the build tool
// plugin must print the findings of `Screens`' layout documents as compiler warnings) and runs the command plugin
// on a copy of it (`lint`, `--fix`).
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [
        // Named: a path dependency is known by its folder's name otherwise, and a checkout may be in any folder.
        .package(name: "layoutlint", path: "../.."),
    ],
    targets: [
        .target(name: "Screens", plugins: [.plugin(name: "LayoutLintBuildToolPlugin", package: "layoutlint")]),
    ]
)
