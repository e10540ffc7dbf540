// The devices a Swift file is checked in: those its app's Xcode project declares (device family, orientations),
// all the shipping ones when it declares nothing (docs/environments.md, "Swift files").
import Foundation
import Testing
import LayoutLintCore
@testable import LayoutLintWorkspace

@Suite struct ProjectDevicesTests {
    func names(_ file: String) -> [String] { LayoutEnvironment.shipping(readAppDevices(forFile: file)).map(\.name) }

    @Test("no project: a small and a common iPhone, the largest in landscape, an iPad both ways")
    func noProject() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir(".git")
        dir.mkdir("Sources")
        #expect(
            names(dir.path + "/Sources/Feed.swift") == [
                "iPhone 16 Pro", "iPhone SE", "iPhone 16 Pro Max landscape", "iPad (A16)", "iPad (A16) landscape",
            ])
    }

    @Test("an iPhone-only, portrait-only app (build settings) is not checked on an iPad or in landscape")
    func iPhonePortraitOnly() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir("App.xcodeproj")
        dir.write(
            "App.xcodeproj/project.pbxproj",
            """
            buildSettings = {
                INFOPLIST_KEY_UISupportedInterfaceOrientations = UIInterfaceOrientationPortrait;
                TARGETED_DEVICE_FAMILY = 1;
            };
            """)
        dir.mkdir("App/Feed")
        #expect(names(dir.path + "/App/Feed/FeedViewController.swift") == ["iPhone 16 Pro", "iPhone SE"])
    }

    @Test("the app's Info.plist, not an extension's, says the orientations; an xcconfig the device family")
    func infoPlistAndXcconfig() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir("Pods.xcodeproj") // CocoaPods' project is not the app's
        dir.write("Pods.xcodeproj/project.pbxproj", "TARGETED_DEVICE_FAMILY = 2;\n")
        dir.mkdir("Shop.xcodeproj")
        dir.write(
            "Shop.xcodeproj/project.pbxproj",
            """
            INFOPLIST_FILE = Shop/Info.plist;
            INFOPLIST_FILE = Widget/Info.plist;
            """)
        dir.mkdir("Config")
        dir.write("Config/Base.xcconfig", "TARGETED_DEVICE_FAMILY = 1,2\n")
        dir.mkdir("Shop")
        dir.write(
            "Shop/Info.plist",
            """
            <key>UISupportedInterfaceOrientations</key>
            <array>
                <string>UIInterfaceOrientationPortrait</string>
            </array>
            <key>UISupportedInterfaceOrientations~ipad</key>
            <array>
                <string>UIInterfaceOrientationPortrait</string>
                <string>UIInterfaceOrientationLandscapeLeft</string>
            </array>
            """)
        dir.mkdir("Widget")
        dir.write(
            "Widget/Info.plist",
            """
            <key>UISupportedInterfaceOrientations</key>
            <array><string>UIInterfaceOrientationLandscapeLeft</string></array>
            """)
        #expect(
            names(dir.path + "/Shop/Home.swift") == [
                "iPhone 16 Pro", "iPhone SE", "iPad (A16)", "iPad (A16) landscape",
            ])
    }

    @Test(
        "relative, odd and missing paths walk up without a crash",
        arguments: [
            "Feed.swift", "./Sources/Feed.swift", "../x/Feed.swift", "../../Feed.swift", "/", "",
            "/nonexistent/a/b/Feed.swift",
            "Sources/", "a//b///Feed.swift", "-",
        ])
    func oddPaths(_ path: String) {
        // (The SwiftPM command plugin's paths crashed an NSString path call.)
        #expect(!LayoutEnvironment.shipping(readAppDevices(forFile: path)).isEmpty)
    }

    @Test("a Swift package with no Xcode project: every device, and the deployment target of its platforms")
    func swiftPackage() {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir(".git")
        dir.mkdir("Sources/Kit")
        dir.write(
            "Package.swift",
            """
            // swift-tools-version:5.9
            import PackageDescription
            let package = Package(name: "Kit", platforms: [.macOS(.v12), .iOS(.v14)], targets: [.target(name: "Kit")])
            """)
        let devices = readAppDevices(forFile: dir.path + "/Sources/Kit/Grid.swift")
        #expect(devices.deploymentTarget == 14)
        #expect(LayoutEnvironment.shipping(devices).map(\.name).contains("iPhone SE (iOS 14)"))
        #expect(iOSPlatform(inManifest: #"platforms: [.iOS("15.4"), .tvOS(.v15)]"#) == 15.4)
        #expect(iOSPlatform(inManifest: "platforms: [.iOS(.v16_4)]") == 16.4)
        #expect(iOSPlatform(inManifest: "platforms: [.macOS(.v13)]") == nil)
        // A manifest above the repository root is another project's.
        let outer = ScratchDir(); defer { outer.cleanup() }
        outer.write("Package.swift", "let package = Package(name: \"X\", platforms: [.iOS(.v13)])")
        outer.mkdir("repo/.git")
        #expect(readAppDevices(forFile: outer.path + "/repo/Grid.swift").deploymentTarget == nil)
    }

    @Test("an app that still runs on iOS 13–15 has its iPhone SE checked without Stage A's floor")
    func deploymentTargetChoosesTheRounding() throws {
        let dir = ScratchDir(); defer { dir.cleanup() }
        dir.mkdir("App.xcodeproj")
        // The smallest target the project sets is the app's oldest iOS (a widget's may be newer).
        dir.write(
            "App.xcodeproj/project.pbxproj",
            """
            buildSettings = {
                IPHONEOS_DEPLOYMENT_TARGET = 17.0;
            };
            buildSettings = {
                IPHONEOS_DEPLOYMENT_TARGET = 15.0;
            };
            """)
        let file = dir.path + "/App/Feed.swift"
        #expect(readAppDevices(forFile: file).deploymentTarget == 15)
        let environments = LayoutEnvironment.shipping(readAppDevices(forFile: file))
        #expect(environments.map(\.name).contains("iPhone SE (iOS 15)"))
        #expect(environments.filter { !$0.floorsFractionalSizes }.map(\.name) == ["iPhone SE (iOS 15)"])
        // 0.333 of the SE's 375 pt is 124.875: floored to 124.5 at @2x on iOS 17 and later, exact before (the frame UIKit
        // emits rounds it to 125).
        let doc = buildDocument(
            parseJSONC(
                #"{ "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)", "subitems": [ { "width": "fractionalWidth(0.333)", "height": "fractionalHeight(1)" } ] } } ] }"#
            )
        ).document
        func itemWidth(_ env: LayoutEnvironment) -> Double? {
            resolveLayout(doc, environment: env).sections.first?.group?.children.first?.frame.width
        }
        let old = try #require(environments.first { !$0.floorsFractionalSizes })
        var current = old
        current.floorsFractionalSizes = true
        #expect(itemWidth(current) == 124.5)
        #expect(itemWidth(old) == 124.875)
        #expect(old.summary.contains("not floored to pixels (iOS 13–15)"))

        dir.write("App.xcodeproj/project.pbxproj", "buildSettings = {\n    IPHONEOS_DEPLOYMENT_TARGET = 16.0;\n};")
        let newer = LayoutEnvironment.shipping(readAppDevices(forFile: file))
        #expect(newer.allSatisfy { $0.floorsFractionalSizes } && newer.map(\.name).contains("iPhone SE"))
    }

    @Test("environments the configuration or --environment names win")
    func namedEnvironmentsWin() {
        var named = LintOptions()
        named.environmentNames = ["iPhone 12"]
        checkingShippingDevices(&named, forFile: "/nonexistent/Feed.swift")
        #expect(named.defaultEnvironments == nil)
        var configured = LintOptions()
        configured.defaultEnvironments = [LayoutEnvironment.default]
        checkingShippingDevices(&configured, forFile: "/nonexistent/Feed.swift")
        #expect(configured.defaultEnvironments?.map(\.name) == ["iPhone 12"])
    }
}
