// Device environments (`NSCollectionLayoutEnvironment`): presets with real points, scale, safe areas and size classes.

public enum SizeClass: String, Sendable, CaseIterable { case compact, regular }

/// Left/right are physical here (a device's safe area); the resolver treats leading = left (left-to-right layouts).
public struct EdgeInsets: Sendable, Equatable {
    public var top: Double, left: Double, bottom: Double, right: Double
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top; self.left = left; self.bottom = bottom; self.right = right
    }
    public static let zero = EdgeInsets()
}

public struct LayoutEnvironment: Sendable, Equatable {
    /// What the environment is, as `explain` heads it and hover shows it: "390×844 pt @3x, safe area top 47 left 0
    /// bottom 34 right 0, compact width, regular height".
    public var summary: String {
        let sa = safeAreaInsets
        return
            "\(formatPoints(width))×\(formatPoints(height)) pt @\(formatPoints(scale))x, safe area top \(formatPoints(sa.top)) left \(formatPoints(sa.left)) bottom \(formatPoints(sa.bottom)) right \(formatPoints(sa.right)), \(horizontalSizeClass.rawValue) width, \(verticalSizeClass.rawValue) height"
            + (floorsFractionalSizes ? "" : ", fractional sizes not floored to pixels (iOS 13–15)")
    }
    public var name: String
    public var width: Double
    public var height: Double
    public var scale: Double
    public var horizontalSizeClass: SizeClass
    public var verticalSizeClass: SizeClass
    public var safeAreaInsets: EdgeInsets
    public var layoutMargins: EdgeInsets
    public var readableContentWidth: Double
    /// Stage A of docs/semantics.md#pixel-rounding: fractional sizes floored to the pixel grid, as iOS 17 and later
    /// do. False for an app that still runs on iOS 13–15, which round only the frames they emit
    /// (`LayoutEnvironment.shipping`).
    public var floorsFractionalSizes = true

    public init(
        name: String, width: Double, height: Double, scale: Double = 2,
        horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
        safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets? = nil, readableContentWidth: Double? = nil
    ) {
        self.name = name
        self.width = width
        self.height = height
        self.scale = scale
        // docs/semantics.md#environments: regular wide from 700 pt, compact tall below 500 pt.
        self.horizontalSizeClass = horizontalSizeClass ?? (width >= 700 ? .regular : .compact)
        self.verticalSizeClass = verticalSizeClass ?? (height < 500 ? .compact : .regular)
        self.safeAreaInsets = safeAreaInsets
        // UIKit's system minimum layout margins: 16 pt in compact width, 20 pt in regular, outside the safe area.
        let m: Double = (horizontalSizeClass ?? (width >= 700 ? .regular : .compact)) == .regular ? 20 : 16
        self.layoutMargins =
            layoutMargins
            ?? EdgeInsets(
                top: safeAreaInsets.top, left: safeAreaInsets.left + m,
                bottom: safeAreaInsets.bottom, right: safeAreaInsets.right + m)
        // The readable content guide: 672 pt at the default text size, never wider than the margins allow.
        self.readableContentWidth = readableContentWidth ?? 672
    }

    // MARK: presets

    struct Preset {
        let names: [String]
        /// Other spellings `preset(named:)` accepts (the inch mark of Apple's marketing names), not listed.
        var aliases: [String] = []
        let width: Double, height: Double, scale: Double
        let portraitSafeArea: EdgeInsets
        let landscapeSafeArea: EdgeInsets
        let landscapeHorizontal: SizeClass
        let isPad: Bool
    }

    // Sources (docs/environments.md lists every preset with its numbers and where each comes from):
    // - Points, scale and size classes: Apple's Human Interface Guidelines, Layout › Specifications
    //   (https://developer.apple.com/design/human-interface-guidelines/layout#Specifications), the tables "iOS, iPadOS
    //   device screen sizes" and "iOS, iPadOS device size classes". The reference corpora searched for this table held
    //   only the older HIG page (Adaptivity and Layout, which lists devices up to the iPhone 11 and 12.9" iPad Pro);
    //   the 2024–2025 devices' points were cross-checked against third-party tables (pub.dev device presets, a
    //   published gist of Xcode simulator sizes), which agree on them.
    // - Safe areas: Apple publishes no table of safe-area insets. The values are what the iOS simulator reports for
    //   a full-screen window (as third parties publish them); the sources disagree for the 2024–2025 Dynamic Island
    //   phones (top 59 or 62, landscape bottom 20 or 21) and none was found for the iPhone Air. Treat them as
    //   unverified: a document that depends on the exact inset should declare its own environment.
    // - Landscape iPhones are compact tall; the Plus, Pro Max and Air are regular wide in landscape (HIG size classes).
    static let presets: [Preset] = [
        Preset(
            names: ["iPhone SE"], width: 375, height: 667, scale: 2,
            portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero, landscapeHorizontal: .compact, isPad: false
        ),
        Preset(
            names: ["iPhone 12 mini", "iPhone 13 mini"], width: 375, height: 812, scale: 3,
            portraitSafeArea: EdgeInsets(top: 50, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 50, bottom: 21, right: 50),
            landscapeHorizontal: .compact, isPad: false),
        Preset(
            names: ["iPhone 12", "iPhone 12 Pro", "iPhone 13", "iPhone 13 Pro", "iPhone 14"], width: 390, height: 844,
            scale: 3,
            portraitSafeArea: EdgeInsets(top: 47, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 47, bottom: 21, right: 47),
            landscapeHorizontal: .compact, isPad: false),
        Preset(
            names: ["iPhone 12 Pro Max", "iPhone 13 Pro Max", "iPhone 14 Plus"], width: 428, height: 926, scale: 3,
            portraitSafeArea: EdgeInsets(top: 47, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 47, bottom: 21, right: 47),
            landscapeHorizontal: .regular, isPad: false),
        Preset(
            names: ["iPhone 14 Pro Max", "iPhone 15 Plus", "iPhone 15 Pro Max"], width: 430, height: 932, scale: 3,
            portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59),
            landscapeHorizontal: .regular, isPad: false),
        Preset(
            names: ["iPhone 14 Pro", "iPhone 15", "iPhone 15 Pro", "iPhone 16"], width: 393, height: 852, scale: 3,
            portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59),
            landscapeHorizontal: .compact, isPad: false),
        Preset(
            names: ["iPhone 16 Plus"], width: 430, height: 932, scale: 3,
            portraitSafeArea: EdgeInsets(top: 59, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59),
            landscapeHorizontal: .regular, isPad: false),
        Preset(
            names: ["iPhone 16 Pro", "iPhone 17 Pro", "iPhone 17"], width: 402, height: 874, scale: 3,
            portraitSafeArea: EdgeInsets(top: 62, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 62, bottom: 20, right: 62),
            landscapeHorizontal: .compact, isPad: false),
        Preset(
            names: ["iPhone 16 Pro Max", "iPhone 17 Pro Max"], width: 440, height: 956, scale: 3,
            portraitSafeArea: EdgeInsets(top: 62, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 62, bottom: 20, right: 62),
            landscapeHorizontal: .regular, isPad: false),
        Preset(
            names: ["iPhone 16e"], width: 390, height: 844, scale: 3,
            portraitSafeArea: EdgeInsets(top: 47, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 47, bottom: 21, right: 47),
            landscapeHorizontal: .compact, isPad: false),
        Preset(
            names: ["iPhone Air"], width: 420, height: 912, scale: 3,
            portraitSafeArea: EdgeInsets(top: 68, bottom: 34),
            landscapeSafeArea: EdgeInsets(left: 68, bottom: 21, right: 68),
            landscapeHorizontal: .regular, isPad: false),
        Preset(
            names: ["iPad"], width: 820, height: 1180, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
        Preset(
            names: ["iPad Pro 12.9"], width: 1024, height: 1366, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
        Preset(
            names: ["iPad (A16)"], width: 820, height: 1180, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
        Preset(
            names: ["iPad Air 11-inch (M3)"], aliases: ["iPad Air 11\" (M3)"], width: 820, height: 1180, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
        Preset(
            names: ["iPad Air 13-inch (M3)"], aliases: ["iPad Air 13\" (M3)"], width: 1024, height: 1366, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
        Preset(
            names: ["iPad mini (A17 Pro)"], width: 744, height: 1133, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
        Preset(
            names: ["iPad Pro 11-inch (M4)"], aliases: ["iPad Pro 11\" (M4)"], width: 834, height: 1210, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
        Preset(
            names: ["iPad Pro 13-inch (M4)"], aliases: ["iPad Pro 13\" (M4)"], width: 1032, height: 1376, scale: 2,
            portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
            landscapeHorizontal: .regular, isPad: true),
    ]

    /// Every preset name, portrait then landscape.
    public static var presetNames: [String] {
        presets.flatMap { $0.names }.flatMap { [$0, $0 + " landscape"] }
    }

    /// The portrait presets' names, in the table's order (each also exists as "… landscape").
    public static var portraitPresetNames: [String] { presets.flatMap { $0.names } }

    /// The preset of that name, or of that name but for case (`iphone 12`, named as the table spells it).
    public static func preset(named given: String) -> LayoutEnvironment? {
        var name = given
        var base = name
        var landscape = false
        if name.lowercased().hasSuffix(" landscape") {
            base = String(name.dropLast(" landscape".count)); landscape = true
        }
        var found = presets.first(where: { $0.names.contains(base) || $0.aliases.contains(base) })
        if found == nil {
            let lower = base.lowercased()
            for p in presets {
                if let n = (p.names + p.aliases).first(where: { $0.lowercased() == lower }) {
                    found = p
                    base = n
                    name = landscape ? n + " landscape" : n
                    break
                }
            }
        } else if landscape {
            name = base + " landscape"
        }
        guard let p = found else { return nil }
        if landscape {
            return LayoutEnvironment(
                name: name, width: p.height, height: p.width, scale: p.scale,
                horizontalSizeClass: p.landscapeHorizontal,
                verticalSizeClass: p.isPad ? .regular : .compact,
                safeAreaInsets: p.landscapeSafeArea)
        }
        return LayoutEnvironment(
            name: name, width: p.width, height: p.height, scale: p.scale,
            horizontalSizeClass: p.isPad ? .regular : .compact, verticalSizeClass: .regular,
            safeAreaInsets: p.portraitSafeArea)
    }

    /// The known environment closest to an unknown name, always one (unlike `suggest`, which gives up past a few
    /// edits): the same name but for case, else the shortest name it begins, else the fewest edits (case aside) among the names of the same
    /// orientation, ties to the nearest model number ("iPhone 99" → "iPhone 17", not "iPhone 12"), then by name.
    public static func nearestName(to name: String, among known: [String] = presetNames) -> String? {
        let lower = name.lowercased()
        if let same = known.first(where: { $0.lowercased() == lower }) { return same }
        // The start of a name ("Evil" for a document's "Evil…", "iPad Pro 13" for "iPad Pro 13-inch (M4)"): the shortest.
        if lower.count >= 4,
            let p = known.filter({ $0.lowercased().hasPrefix(lower) }).min(by: { ($0.count, $0) < ($1.count, $1) })
        {
            return p
        }
        let wantsLandscape = lower.hasSuffix("landscape")
        let pool = known.filter { $0.lowercased().hasSuffix("landscape") == wantsLandscape }
        func number(_ s: String) -> Int? { s.split(whereSeparator: { !$0.isNumber }).first.flatMap { Int($0) } }
        let w = Array(lower.unicodeScalars.prefix(100)), n = number(name) // (a long name costs no more)
        var best: (name: String, edits: Int, numberDistance: Int)?
        for c in pool.isEmpty ? known : pool {
            let d = editDistance(w, Array(c.lowercased().unicodeScalars))
            let nd = n.flatMap { a in number(c).map { abs($0 - a) } } ?? Int.max
            let better =
                best.map { b in d != b.edits ? d < b.edits : nd != b.numberDistance ? nd < b.numberDistance : c < b.name
                } ?? true
            if better { best = (c, d, nd) }
        }
        return best?.name
    }

    /// Every preset as `layoutlint environments` and docs/environments.md list them.
    public struct PresetDescription: Sendable {
        public let name: String
        public let otherNames: [String]
        public let portrait: LayoutEnvironment
        public let landscape: LayoutEnvironment
    }

    public static var presetDescriptions: [PresetDescription] {
        presets.flatMap { p in
            p.names.map { n in
                PresetDescription(
                    name: n, otherNames: p.aliases, portrait: preset(named: n)!,
                    landscape: preset(named: n + " landscape")!)
            }
        }
    }

    public static let defaultName = "iPhone 12"
    public static var `default`: LayoutEnvironment { preset(named: defaultName)! }

    /// The environments a Swift file is checked in when no configuration and no `--environment` names any: the
    /// devices a team ships to (docs/environments.md, "Swift files"), those the app does not declare left out. A
    /// common iPhone first (the editor's hints and preview show the first), then the smallest, the largest in
    /// landscape, and an iPad in both orientations.
    ///
    /// An app whose deployment target is below iOS 16 also runs where fractional sizes are not floored to pixels
    /// (docs/semantics.md#pixel-rounding): its small device (the iPhone SE, the size of the iPhones that stay on
    /// iOS 15; the iPad for an iPad-only app) is checked under that model, named so ("iPhone SE (iOS 15)").
    public static func shipping(_ devices: AppDevices = AppDevices()) -> [LayoutEnvironment] {
        var names: [String] = []
        if devices.iPhone {
            names += ["iPhone 16 Pro", "iPhone SE"]
            if devices.iPhoneLandscape { names.append("iPhone 16 Pro Max landscape") }
        }
        if devices.iPad {
            names.append("iPad (A16)")
            if devices.iPadLandscape { names.append("iPad (A16) landscape") }
        }
        var environments = names.compactMap(preset(named:))
        if let target = devices.deploymentTarget, target < 16,
            let old = environments.firstIndex(where: { $0.name == (devices.iPhone ? "iPhone SE" : "iPad (A16)") })
        {
            environments[old].floorsFractionalSizes = false
            environments[old].name += " (iOS \(max(13, Int(target))))"
        }
        return environments
    }
}

/// Which devices an app runs on, as its project declares (`TARGETED_DEVICE_FAMILY`, the supported orientations);
/// all of them when it declares nothing (`LayoutEnvironment.shipping`).
public struct AppDevices: Equatable, Sendable {
    public var iPhone = true
    public var iPad = true
    public var iPhoneLandscape = true
    public var iPadLandscape = true
    /// The oldest iOS the app runs on (`IPHONEOS_DEPLOYMENT_TARGET`, the smallest the project sets), if it says.
    public var deploymentTarget: Double?

    public init(
        iPhone: Bool = true, iPad: Bool = true, iPhoneLandscape: Bool = true, iPadLandscape: Bool = true,
        deploymentTarget: Double? = nil
    ) {
        self.iPhone = iPhone
        self.iPad = iPad
        self.iPhoneLandscape = iPhoneLandscape
        self.iPadLandscape = iPadLandscape
        self.deploymentTarget = deploymentTarget
    }
}
