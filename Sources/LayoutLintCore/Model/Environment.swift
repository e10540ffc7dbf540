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
        return "\(formatPoints(width))×\(formatPoints(height)) pt @\(formatPoints(scale))x, safe area top \(formatPoints(sa.top)) left \(formatPoints(sa.left)) bottom \(formatPoints(sa.bottom)) right \(formatPoints(sa.right)), \(horizontalSizeClass.rawValue) width, \(verticalSizeClass.rawValue) height"
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

    public init(name: String, width: Double, height: Double, scale: Double = 2,
                horizontalSizeClass: SizeClass? = nil, verticalSizeClass: SizeClass? = nil,
                safeAreaInsets: EdgeInsets = .zero, layoutMargins: EdgeInsets? = nil, readableContentWidth: Double? = nil) {
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
        self.layoutMargins = layoutMargins ?? EdgeInsets(top: safeAreaInsets.top, left: safeAreaInsets.left + m,
                                                        bottom: safeAreaInsets.bottom, right: safeAreaInsets.right + m)
        // The readable content guide: 672 pt at the default text size, never wider than the margins allow.
        self.readableContentWidth = readableContentWidth ?? 672
    }

    // MARK: presets

    struct Preset {
        let names: [String]
        let width: Double, height: Double, scale: Double
        let portraitSafeArea: EdgeInsets
        let landscapeSafeArea: EdgeInsets
        let landscapeHorizontal: SizeClass
        let isPad: Bool
    }

    static let presets: [Preset] = [
        Preset(names: ["iPhone SE"], width: 375, height: 667, scale: 2,
               portraitSafeArea: EdgeInsets(top: 20), landscapeSafeArea: .zero, landscapeHorizontal: .compact, isPad: false),
        Preset(names: ["iPhone 12", "iPhone 13", "iPhone 14"], width: 390, height: 844, scale: 3,
               portraitSafeArea: EdgeInsets(top: 47, bottom: 34), landscapeSafeArea: EdgeInsets(left: 47, bottom: 21, right: 47),
               landscapeHorizontal: .compact, isPad: false),
        Preset(names: ["iPhone 15 Pro Max"], width: 430, height: 932, scale: 3,
               portraitSafeArea: EdgeInsets(top: 59, bottom: 34), landscapeSafeArea: EdgeInsets(left: 59, bottom: 21, right: 59),
               landscapeHorizontal: .regular, isPad: false),
        Preset(names: ["iPad"], width: 820, height: 1180, scale: 2,
               portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
               landscapeHorizontal: .regular, isPad: true),
        Preset(names: ["iPad Pro 12.9"], width: 1024, height: 1366, scale: 2,
               portraitSafeArea: EdgeInsets(top: 24, bottom: 20), landscapeSafeArea: EdgeInsets(top: 24, bottom: 20),
               landscapeHorizontal: .regular, isPad: true),
    ]

    /// Every preset name, portrait then landscape.
    public static var presetNames: [String] {
        presets.flatMap { $0.names }.flatMap { [$0, $0 + " landscape"] }
    }

    public static func preset(named name: String) -> LayoutEnvironment? {
        var base = name
        var landscape = false
        if name.hasSuffix(" landscape") { base = String(name.dropLast(" landscape".count)); landscape = true }
        guard let p = presets.first(where: { $0.names.contains(base) }) else { return nil }
        if landscape {
            return LayoutEnvironment(name: name, width: p.height, height: p.width, scale: p.scale,
                                     horizontalSizeClass: p.landscapeHorizontal,
                                     verticalSizeClass: p.isPad ? .regular : .compact,
                                     safeAreaInsets: p.landscapeSafeArea)
        }
        return LayoutEnvironment(name: name, width: p.width, height: p.height, scale: p.scale,
                                 horizontalSizeClass: p.isPad ? .regular : .compact, verticalSizeClass: .regular,
                                 safeAreaInsets: p.portraitSafeArea)
    }

    public static let defaultName = "iPhone 12"
    public static var `default`: LayoutEnvironment { preset(named: defaultName)! }
}
