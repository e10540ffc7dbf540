// swift-tools-version:6.0
// A package that uses layoutlint as an app's package would. `Tests/PluginFixture/run.sh` builds a copy of it that
// depends on layoutlint by version (a tagged git copy of the working tree): the build tool plugin must print the
// findings of `Screens`' layout document and Swift file as compiler warnings, `Consumer` uses the LayoutLintCore
// library, and the command plugin runs on a copy (`lint`, `--fix`). As committed it depends on the checkout by path,
// for building it by hand.
import PackageDescription

let package = Package(
    name: "PluginFixture",
    dependencies: [
        // Named: a path dependency is known by its folder's name otherwise, and a checkout may be in any folder.
        .package(name: "layoutlint", path: "../.."),
    ],
    targets: [
        .target(name: "Screens", plugins: [.plugin(name: "LayoutLintBuildToolPlugin", package: "layoutlint")]),
        .executableTarget(name: "Consumer", dependencies: [.product(name: "LayoutLintCore", package: "layoutlint")]),
    ]
)
