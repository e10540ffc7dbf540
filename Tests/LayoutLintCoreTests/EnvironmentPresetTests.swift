import Foundation
import Testing
import TestSupport
@testable import LayoutLintCore

@Suite("Device presets: current devices, their numbers, and a wrong name that says what was meant")
struct EnvironmentPresetTests {
    @Test("a device name matches without case, and is named as the table spells it")
    func namesWithoutCase() throws {
        let p = try #require(LayoutEnvironment.preset(named: "iphone 15 pro"))
        #expect(p.name == "iPhone 15 Pro" && p.width == 393)
        let l = try #require(LayoutEnvironment.preset(named: "IPHONE 13 MINI Landscape"))
        #expect(l.name == "iPhone 13 mini landscape" && l.width == 812 && l.height == 375)
        #expect(LayoutEnvironment.preset(named: "iPhone 15 Ultra") == nil)
    }

    @Test(
        "2024–2025 iPhones and iPads resolve with their points, scale, safe area and size classes",
        arguments: [
            ("iPhone 16", 393.0, 852.0, 3.0, 59.0, SizeClass.compact),
            ("iPhone 16 Plus", 430, 932, 3, 59, .regular),
            ("iPhone 16 Pro", 402, 874, 3, 62, .compact),
            ("iPhone 16 Pro Max", 440, 956, 3, 62, .regular),
            ("iPhone 16e", 390, 844, 3, 47, .compact),
            ("iPhone 17", 402, 874, 3, 62, .compact),
            ("iPhone 17 Pro", 402, 874, 3, 62, .compact),
            ("iPhone 17 Pro Max", 440, 956, 3, 62, .regular),
            ("iPhone Air", 420, 912, 3, 68, .regular),
            ("iPad Air 11-inch (M3)", 820, 1180, 2, 24, .regular),
            ("iPad Air 13-inch (M3)", 1024, 1366, 2, 24, .regular),
            ("iPad mini (A17 Pro)", 744, 1133, 2, 24, .regular),
            ("iPad Pro 11-inch (M4)", 834, 1210, 2, 24, .regular),
            ("iPad Pro 13-inch (M4)", 1032, 1376, 2, 24, .regular),
            ("iPad (A16)", 820, 1180, 2, 24, .regular),
            ("iPhone 15", 393, 852, 3, 59, .compact),
            ("iPhone 15 Pro", 393, 852, 3, 59, .compact),
            ("iPhone 15 Plus", 430, 932, 3, 59, .regular),
            ("iPhone 14 Pro", 393, 852, 3, 59, .compact),
            ("iPhone 14 Plus", 428, 926, 3, 47, .regular),
            ("iPhone 13 mini", 375, 812, 3, 50, .compact),
            ("iPhone 13 Pro Max", 428, 926, 3, 47, .regular),
        ])
    func currentDevices(
        name: String, width: Double, height: Double, scale: Double, top: Double, landscapeWidthClass: SizeClass
    ) throws {
        let p = try #require(LayoutEnvironment.preset(named: name))
        #expect(p.width == width && p.height == height && p.scale == scale)
        #expect(p.safeAreaInsets.top == top)
        let isPad = name.hasPrefix("iPad")
        #expect(p.horizontalSizeClass == (isPad ? .regular : .compact) && p.verticalSizeClass == .regular)
        let l = try #require(LayoutEnvironment.preset(named: name + " landscape"))
        #expect(l.width == height && l.height == width)
        #expect(l.horizontalSizeClass == landscapeWidthClass && l.verticalSizeClass == (isPad ? .regular : .compact))
        // A document can name it, and resolves in it.
        let text = #"""
            { "environments": ["\#(name)", "\#(name) landscape"],
              "sections": [ { "group": { "direction": "horizontal", "width": "fractionalWidth(1)", "height": "absolute(44)",
                              "subitems": [ { "width": "fractionalWidth(1)", "height": "fractionalHeight(1)" } ] } } ] }
            """#
        let r = lint(bytes: Array(text.utf8))
        #expect(r.diagnostics.isEmpty, "\(r.diagnostics)")
        #expect(r.layouts.map(\.environment.width) == [width, height])
    }

    @Test func inchMarkSpellingIsAccepted() {
        #expect(LayoutEnvironment.preset(named: #"iPad Pro 13" (M4) landscape"#)?.width == 1376)
    }

    @Test("an unknown name in a document names the nearest preset, as a fix, and where the list is")
    func unknownNameInDocument() throws {
        let text = #"{ "environments": ["iPhone 99"], "sections": [] }"#
        let d = try #require(lint(bytes: Array(text.utf8)).diagnostics.first { $0.ruleID == .invalidValue })
        #expect(d.message.contains(#"did you mean "iPhone 17"?"#), "\(d.message)")
        #expect(d.message.contains("`layoutlint environments` lists the presets"), "\(d.message)")
        #expect(d.fix?.edits.first?.newText == #""iPhone 17""#)
    }

    @Test func nearestNameKeepsTheOrientation() {
        #expect(LayoutEnvironment.nearestName(to: "iPhone 19 landscape") == "iPhone 17 landscape")
        #expect(LayoutEnvironment.nearestName(to: "iPad Pro 12") == "iPad Pro 12.9")
        #expect(LayoutEnvironment.nearestName(to: "iPhone 16 pro max") == "iPhone 16 Pro Max")
    }

    @Test("docs/environments.md lists every preset with its points and scale")
    func documentationAgrees() throws {
        let page = try String(
            contentsOf: repositoryRoot.appendingPathComponent("docs/environments.md"), encoding: .utf8)
        let rows = page.split(separator: "\n").filter { $0.hasPrefix("| `") }
        for p in LayoutEnvironment.presetDescriptions {
            let row = try #require(rows.first { $0.contains("`\(p.name)`") }, "no row for \(p.name)")
            let e = p.portrait, l = p.landscape
            func f(_ v: Double) -> String { formatPoints(v) }
            let sa = e.safeAreaInsets, la = l.safeAreaInsets
            let expected =
                "| \(f(e.width))×\(f(e.height)) | @\(f(e.scale))x | \(f(sa.top)) / \(f(sa.left)) / \(f(sa.bottom)) / \(f(sa.right)) | \(f(la.top)) / \(f(la.left)) / \(f(la.bottom)) / \(f(la.right)) | \(e.horizontalSizeClass.rawValue) w, \(e.verticalSizeClass.rawValue) h | \(l.horizontalSizeClass.rawValue) w, \(l.verticalSizeClass.rawValue) h |"
            #expect(row.hasSuffix(expected), "\(p.name): \(row) ≠ …\(expected)")
        }
        #expect(rows.count == Set(LayoutEnvironment.presets.map { $0.names.joined() }).count)
    }
}
