// SVG wireframes of resolved layouts (issue 8): `layoutlint render` and the editor's `layoutlint.preview`.
//
// User units are points. Each environment is one panel, panels side by side; inside a panel's content group
// (`<g data-kind="content-space">`) coordinates are the layout's content coordinates, exactly as `explain` prints
// them, so every `<rect data-path=…>` carries the frame explain prints (rounded to 1/1000 pt) as x/y/width/height:
// for items, badges, boundary items and backgrounds the pixel-rounded frame a view gets, with `data-exact-frame`
// ("x y width height") where the layout's exact frame differs; for sections and groups the exact layout geometry
// (docs/semantics.md#pixel-rounding).
// The first group instance of each section is what the resolver computed; the other `groupCount` instances are that
// instance repeated along the scroll axis (across it for orthogonal sections) with `interGroupSpacing`, and
// `itemCount` decides which placements of the last instance are filled.
import LayoutLintCore

public struct RenderOptions: Sendable {
    /// A line above the panels (the document's path); nil: none.
    public var title: String?
    /// Layouts longer than this many device lengths (along the scroll axis) are cut, with a note.
    public var maxLength: Double = 3
    /// How far past the device edge an orthogonal section's groups are drawn, in device widths (heights for a
    /// horizontally scrolling layout).
    public var offscreenLength: Double = 1
    /// Outline elements that have findings, and list the findings no element holds under each panel.
    public var showFindings = true
    /// A section to emphasise (its JSON pointer, e.g. `/sections/1`), as the editor's preview of one section does.
    public var highlightSection: String?
    /// A key to the styles under the panels.
    public var legend = true
    public init(title: String? = nil) { self.title = title }
}

/// Renders the resolved layouts of `result` as one SVG document: one panel per layout, side by side.
/// `environment` picks one layout by its environment's name (nil: every layout `result` holds).
public func renderSVG(_ result: LintResult, environment: String?, options: RenderOptions = RenderOptions()) -> String {
    renderSVG(result, environments: environment.map { [$0] }, options: options)
}

/// Renders the layouts whose environments are named in `environments` (in that order), or every layout for nil.
public func renderSVG(_ result: LintResult, environments: [String]? = nil, options: RenderOptions = RenderOptions())
    -> String
{
    var layouts = result.layouts
    var missing: [String] = []
    if let names = environments {
        layouts = []
        for n in names {
            if let l = result.layouts.first(where: { $0.environment.name == n }) {
                layouts.append(l)
            } else {
                missing.append(n)
            }
        }
    }
    return SVGRenderer(result: result, layouts: layouts, missing: missing, options: options).document()
}

// MARK: - text helpers

/// Escapes text for XML content and attribute values; characters XML 1.0 cannot hold become U+FFFD. C1 controls,
/// DEL, the line and paragraph separators and the bidi embeddings, overrides and isolates are written as character
/// references (`&#x9B;`, `&#x202E;`): the data stays exact, and `render` on a terminal passes no raw CSI from a
/// document (regression test: InvisibleControlTests). Text that is displayed goes through `xmlText`.
public func xmlEscape(_ s: String) -> String {
    var out = ""
    out.reserveCapacity(s.utf8.count)
    for u in s.unicodeScalars {
        switch u {
        case "&": out += "&amp;"
        case "<": out += "&lt;"
        case ">": out += "&gt;"
        case "\"": out += "&quot;"
        case "'": out += "&apos;"
        // As references: an attribute value's literal tab or line break is read back as a space (XML's attribute
        // normalisation), and `data-name` no longer matched explain's name.
        case "\t": out += "&#9;"
        case "\n": out += "&#10;"
        case "\r": out += "&#13;"
        default:
            let v = u.value
            if v < 0x20 || (v >= 0xFFFE && v <= 0xFFFF) {
                out += "\u{FFFD}"
            } else if isInvisibleControl(u) {
                out += "&#x" + String(v, radix: 16, uppercase: true) + ";"
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out
}

/// `xmlEscape` for text a viewer displays (`<text>`): those controls become U+FFFD, as in `explain` and hover, so that
/// a right-to-left override in a name cannot reverse the sizes and counts drawn after it.
func xmlText(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: isInvisibleControl) else { return xmlEscape(s) }
    var t = String.UnicodeScalarView()
    for u in s.unicodeScalars { t.append(isInvisibleControl(u) ? "\u{FFFD}" : u) }
    return xmlEscape(String(t))
}

/// A number as SVG user units: rounded to 1/1000, no trailing zeros (the same numbers `explain` prints).
func num(_ v: Double) -> String { v.isFinite ? formatPoints(v) : "0" }

func isFinite(_ r: Rect) -> Bool { r.x.isFinite && r.y.isFinite && r.width.isFinite && r.height.isFinite }

extension Rect {
    func along(_ a: Axis) -> (origin: Double, extent: Double) { (origin(a), extent(a)) }
    static func make(main: Axis, m: Double, c: Double, mExtent: Double, cExtent: Double) -> Rect {
        main == .vertical
            ? Rect(x: c, y: m, width: cExtent, height: mExtent) : Rect(x: m, y: c, width: mExtent, height: cExtent)
    }
}

/// A box as the label under it reads: `130×130`, `≈` before an estimated axis.
func sizeLabel(_ r: Rect, estimatedWidth: Bool = false, estimatedHeight: Bool = false) -> String {
    (estimatedWidth ? "≈" : "") + formatPoints(r.width) + "×" + (estimatedHeight ? "≈" : "") + formatPoints(r.height)
}

// MARK: - the renderer

struct Bounds {
    var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
    mutating func add(_ r: Rect) {
        guard isFinite(r) else { return }
        minX = min(minX, r.x, r.maxX); maxX = max(maxX, r.x, r.maxX)
        minY = min(minY, r.y, r.maxY); maxY = max(maxY, r.y, r.maxY)
    }
}

let severityColor: [Severity: String] = [
    .error: "#dc2626", .warning: "#d97706", .information: "#0284c7", .hint: "#64748b",
]

let styleSheet = """
        text { font-family: -apple-system, "SF Pro Text", "Helvetica Neue", "DejaVu Sans", "Liberation Sans", Arial, "Noto Sans CJK JP", "Noto Sans CJK SC", "PingFang SC", "Hiragino Sans", "Apple Color Emoji", "Noto Color Emoji", sans-serif; }
        .canvas { fill: #eef1f5; }
        .screen { fill: #ffffff; }
        .device { fill: none; stroke: #1f2937; stroke-width: 3; }
        .unsafe { fill: #94a3b8; fill-opacity: 0.22; }
        .safe-area { fill: none; stroke: #3b82f6; stroke-width: 1; stroke-dasharray: 6 4; }
        .section { fill: #f8fafc; fill-opacity: 0.6; stroke: #94a3b8; stroke-width: 0.75; }
        .section.highlight { stroke: #7c3aed; stroke-width: 3; }
        .insets { fill: #f59e0b; fill-opacity: 0.2; fill-rule: evenodd; }
        .background { fill: #d9f99d; fill-opacity: 0.55; stroke: #65a30d; stroke-width: 0.75; }
        .group { fill: #8b5cf6; fill-opacity: 0.05; stroke: #7c3aed; stroke-width: 1; }
        .item { fill: #dbeafe; stroke: #2563eb; stroke-width: 1; }
        .content { fill: #bfdbfe; stroke: #60a5fa; stroke-width: 0.5; }
        .header, .footer, .boundary { fill: #dcfce7; stroke: #16a34a; stroke-width: 1; }
        .badge { fill: #fce7f3; stroke: #db2777; stroke-width: 1; }
        .est { stroke-dasharray: 4 3; }
        .finding { fill: none; stroke-width: 2.5; }
        .label { fill: #1e3a8a; text-anchor: middle; dominant-baseline: central; }
        .label.supp { fill: #14532d; }
        .label.badge-label { fill: #831843; }
        .section-label { fill: #475569; font-size: 9px; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
        .finding-label { font-size: 9px; font-weight: bold; paint-order: stroke; stroke: #ffffff; stroke-width: 3px; stroke-linejoin: round; }
        .title { fill: #0f172a; font-size: 14px; font-weight: bold; }
        .subtitle { fill: #475569; font-size: 11px; }
        .note { fill: #334155; font-size: 11px; }
        .cut { stroke: #ef4444; stroke-width: 1.5; stroke-dasharray: 8 4; }
        .more { fill: #64748b; font-size: 11px; }
    """

struct SVGRenderer {
    let result: LintResult
    let layouts: [ResolvedLayout]
    let missing: [String]
    let options: RenderOptions

    static let margin = 24.0
    static let panelTitle = 46.0
    static let gap = 32.0
    static let noteLine = 14.0

    func document() -> String {
        let titleHeight = options.title == nil ? 0.0 : 32.0
        var panels: [(body: String, width: Double, height: Double)] = []
        for (i, layout) in layouts.enumerated() {
            var p = Panel(result: result, layout: layout, index: i, options: options)
            // Each panel its share of the repeats (one large section in the first environment left the others none).
            p.boxesLeft = Panel.maxBoxes / max(1, layouts.count)
            panels.append(p.render())
        }
        // Panels carry their own margins: the first starts at 0, so its contents line up with the title.
        var width = 0.0
        var height = 0.0
        for (i, p) in panels.enumerated() {
            width += p.width + (i > 0 ? Self.gap : 0)
            height = max(height, p.height)
        }
        width = max(width, 440)
        var notes: [String] = []
        for m in missing { notes.append("no environment named \u{201C}\(m)\u{201D} in this document") }
        if layouts.isEmpty && missing.isEmpty { notes.append("nothing to draw: the document has no resolved layout") }
        let legend =
            options.legend && !panels.isEmpty ? Self.legend(maxWidth: width - 2 * Self.margin) : (body: "", height: 0.0)
        let notesTop = titleHeight + height + 14
        let legendTop = notesTop + Double(notes.count) * Self.noteLine
        height = legendTop + legend.height + (legend.height > 0 ? 12 : 0)
        width = width.rounded(.up)
        height = height.rounded(.up)
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out +=
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(num(width))\" height=\"\(num(height))\" viewBox=\"0 0 \(num(width)) \(num(height))\" data-generator=\"layoutlint render\">\n"
        out += "<style>\n\(styleSheet)\n</style>\n"
        out += "<rect class=\"canvas\" x=\"0\" y=\"0\" width=\"\(num(width))\" height=\"\(num(height))\"/>\n"
        if let t = options.title {
            out += "<text class=\"title\" x=\"\(num(Self.margin))\" y=\"22\">\(xmlText(t))</text>\n"
        }
        var x = 0.0
        for p in panels {
            out += "<g data-kind=\"panel\" transform=\"translate(\(num(x)),\(num(titleHeight)))\"\(p.body)"
            x += p.width + Self.gap
        }
        var y = notesTop
        for n in notes {
            out +=
                "<text data-kind=\"note\" class=\"note\" x=\"\(num(Self.margin))\" y=\"\(num(y))\">\(xmlText(n))</text>\n"
            y += Self.noteLine
        }
        if legend.height > 0 {
            out +=
                "<g data-kind=\"legend\" transform=\"translate(\(num(Self.margin)),\(num(legendTop)))\">\n\(legend.body)</g>\n"
        }
        out += "</svg>\n"
        return out
    }

    /// What each style means, flowed into rows no wider than `maxWidth`.
    static func legend(maxWidth: Double) -> (body: String, height: Double) {
        let entries: [(String, String)] = [
            ("item", "class=\"item\""), ("content frame", "class=\"content\""), ("group", "class=\"group\""),
            ("section", "class=\"section\""), ("section insets", "class=\"insets\""),
            ("header / footer", "class=\"header\""), ("badge", "class=\"badge\""),
            ("background", "class=\"background\""),
            ("estimated size", "class=\"item est\""),
            ("error", "class=\"finding\" stroke=\"\(severityColor[.error]!)\""),
            ("warning", "class=\"finding\" stroke=\"\(severityColor[.warning]!)\""),
            ("information", "class=\"finding\" stroke=\"\(severityColor[.information]!)\""),
            ("hint", "class=\"finding\" stroke=\"\(severityColor[.hint]!)\""),
        ]
        var out = ""
        var x = 0.0, y = 0.0
        for (label, attrs) in entries {
            let w = 18 + 6.2 * Double(label.count) + 14
            if x > 0 && x + w > maxWidth { x = 0; y += 20 }
            out +=
                "<rect data-kind=\"legend\" \(attrs) x=\"\(num(x))\" y=\"\(num(y + 2))\" width=\"12\" height=\"12\"/>"
            out += "<text class=\"note\" x=\"\(num(x + 18))\" y=\"\(num(y + 12))\">\(xmlText(label))</text>\n"
            x += w
        }
        return (out, y + 18)
    }
}

/// One environment's panel. Its body starts right after `<g data-kind="panel" transform=…` (it adds its own
/// attributes and closes the tag).
struct Panel {
    let result: LintResult
    let layout: ResolvedLayout
    let index: Int
    let options: RenderOptions

    static let maxInstances = 1000
    /// Boxes (nodes and supplementary items) the panels of one SVG draw groups with, at most, shared equally by the
    /// panels; past them a section's first group is drawn as its outline alone, and no group is repeated: repeating a
    /// group of many items up to `maxInstances` times, in every panel, made a 284-byte document a 123 MB SVG
    /// (regression test: RenderLimitTests/manyItemsPerGroup), and 48 sections of 10 000 items each drawn once 111 MB
    /// (RenderLimitTests/manySectionsOfManyItems).
    static let maxBoxes = 50_000
    /// Drawn boxes of one element that its findings outline and label (each placement of a repeated item is a box).
    static let maxFindingOutlines = 1_000
    var boxesLeft = maxBoxes

    let main: Axis
    let cross: Axis
    /// The device's frame in content coordinates: the content's origin sits at the safe area's leading edge along
    /// the scroll axis (UIKit's automatic content inset adjustment), at the device's edge across it.
    let device: Rect
    let cutMain: Double
    let crossLimit: Double
    var contentMainEnd: Double

    // Layers, drawn in this order.
    var sectionLayer: [String] = []
    var itemLayer: [String] = []
    var boundaryLayer: [String] = []
    var labelLayer: [String] = []
    var findingLayer: [String] = []
    var findingLabels = FindingLabels()
    var notes: [(text: String, color: String?)] = []
    var bounds = Bounds()

    /// Frames drawn for each element key (first group instance only), for the finding outlines. Keys hold paths, and
    /// paths the document's names: compared by bytes (`ExactKey`), so that two definitions whose names are
    /// canonically equivalent stay two elements.
    var drawnFrames: [ExactKey: [(path: String, frame: Rect)]] = [:]

    init(result: LintResult, layout: ResolvedLayout, index: Int, options: RenderOptions) {
        self.result = result
        self.layout = layout
        self.index = index
        self.options = options
        main = layout.scrollDirection
        cross = main.other
        let env = layout.environment
        let s = env.safeAreaInsets
        let ox = main == .horizontal ? s.left : 0
        let oy = main == .vertical ? s.top : 0
        device = Rect(x: -ox, y: -oy, width: env.width, height: env.height)
        let deviceMain = device.extent(main)
        cutMain = device.origin(main) + max(1, options.maxLength) * deviceMain
        crossLimit = device.origin(cross) + device.extent(cross) * (1 + max(0, options.offscreenLength))
        contentMainEnd = main == .vertical ? layout.contentSize.height : layout.contentSize.width
    }

    // MARK: emitting

    /// The frame a view gets (Stage B of docs/semantics.md#pixel-rounding) and, where the exact frame prints
    /// differently, its `data-exact-frame` attribute.
    func emitted(_ exact: Rect) -> (frame: Rect, extra: String) {
        let shown = exact.pixelRounded(scale: layout.environment.scale)
        let a = [shown.x, shown.y, shown.width, shown.height].map(num),
            b = [exact.x, exact.y, exact.width, exact.height].map(num)
        return (shown, a == b ? "" : " data-exact-frame=\"\(b.joined(separator: " "))\"")
    }

    func rectAttrs(_ r: Rect) -> String {
        // A negative extent is not a box SVG can draw: it is drawn empty, the resolver's number kept in data-*.
        var s =
            "x=\"\(num(r.x))\" y=\"\(num(r.y))\" width=\"\(num(max(0, r.width)))\" height=\"\(num(max(0, r.height)))\""
        if r.width < 0 { s += " data-width=\"\(num(r.width))\"" }
        if r.height < 0 { s += " data-height=\"\(num(r.height))\"" }
        return s
    }

    /// Clips a rect's extent along the scroll axis to the cut, for the bounds.
    func clipped(_ r: Rect) -> Rect {
        let o = r.origin(main), e = max(0, r.extent(main))
        let end = min(o + e, cutMain)
        let start = min(o, cutMain)
        var c = Rect.make(
            main: main, m: start, c: r.origin(cross), mExtent: max(0, end - start), cExtent: max(0, r.extent(cross)))
        // Absurd offsets do not make absurd pictures: the bounds stay within a few device lengths.
        let lo = device.origin(cross) - device.extent(cross), hi = crossLimit + device.extent(cross)
        let cs = max(lo, min(hi, c.origin(cross))), ce = max(lo, min(hi, c.origin(cross) + c.extent(cross)))
        let ms = max(device.origin(main) - device.extent(main), c.origin(main))
        c = Rect.make(main: main, m: ms, c: cs, mExtent: max(0, end - ms), cExtent: max(0, ce - cs))
        return c
    }

    enum Layer { case section, boundary, finding }

    mutating func box(_ layer: Layer, kind: String, cls: String, path: String?, frame: Rect, extra: String = "") {
        var lines: [String] = []
        box(&lines, kind: kind, cls: cls, path: path, frame: frame, extra: extra)
        switch layer {
        case .section: sectionLayer += lines
        case .boundary: boundaryLayer += lines
        case .finding: findingLayer += lines
        }
    }

    mutating func box(
        _ layer: inout [String], kind: String, cls: String, path: String?, frame: Rect, extra: String = "",
        indent: String = ""
    ) {
        guard isFinite(frame) else { return }
        var s = indent + "<rect data-kind=\"\(kind)\""
        if let p = path { s += " data-path=\"\(xmlEscape(p))\"" }
        s += " class=\"\(cls)\" " + rectAttrs(frame) + extra + "/>"
        layer.append(s)
        if frame.origin(main) < cutMain { bounds.add(clipped(frame)) }
    }

    /// A size label centred in `frame`, if it fits.
    func label(_ text: String, in frame: Rect, cls: String = "label", maxSize: Double = 11, indent: String = "")
        -> String?
    {
        guard isFinite(frame), frame.width > 0, frame.height > 0 else { return nil }
        let chars = Double(text.count)
        let size = min(maxSize, frame.height * 0.55, (frame.width - 4) / (0.68 * max(1, chars)))
        guard size >= 5 else { return nil }
        let fs = (size * 10).rounded(.down) / 10
        return indent
            + "<text class=\"\(cls)\" x=\"\(num(frame.x + frame.width / 2))\" y=\"\(num(frame.y + frame.height / 2))\" font-size=\"\(num(fs))\">\(xmlText(text))</text>"
    }

    // MARK: the panel

    mutating func render() -> (body: String, width: Double, height: Double) {
        let env = layout.environment
        bounds.add(device)
        for (i, s) in layout.sections.enumerated() { drawSection(s, index: i) }
        for b in layout.boundaryItems { drawBoundary(b) }
        if options.showFindings { drawFindings() }
        if contentMainEnd > cutMain + 0.0005 {
            let what = main == .vertical ? "height" : "width"
            notes.insert(
                (
                    "cut at \(formatPoints(cutMain)) pt (\(formatPoints(options.maxLength)) × the device \(what)); the layout is \(formatPoints(contentMainEnd)) pt long",
                    "#ef4444"
                ), at: 0)
        }

        let m = SVGRenderer.margin
        let tx = m - bounds.minX
        let ty = SVGRenderer.panelTitle - bounds.minY
        let contentWidth = bounds.maxX - bounds.minX
        let contentHeight = bounds.maxY - bounds.minY
        let maxNoteChars = max(40, Int((contentWidth + m) / 6.2))
        let shownNotes = notes.count > 12 ? Array(notes.prefix(11)) + [("… and \(notes.count - 11) more", nil)] : notes
        let width = (contentWidth + 2 * m).rounded(.up)
        let height = (SVGRenderer.panelTitle + contentHeight + m + Double(shownNotes.count) * SVGRenderer.noteLine)
            .rounded(.up)

        var out =
            " data-environment=\"\(xmlEscape(env.name))\" data-width=\"\(num(width))\" data-height=\"\(num(height))\">\n"
        let safe = env.safeAreaInsets
        out += "<text class=\"title\" x=\"\(num(m))\" y=\"18\">\(xmlText(env.name))</text>\n"
        var sub = "\(formatPoints(env.width))×\(formatPoints(env.height)) pt @\(formatPoints(env.scale))x"
        sub +=
            ", safe area \(formatPoints(safe.top)) \(formatPoints(safe.left)) \(formatPoints(safe.bottom)) \(formatPoints(safe.right))"
        sub += ", scrolls \(main == .vertical ? "vertically" : "horizontally")"
        out += "<text class=\"subtitle\" x=\"\(num(m))\" y=\"32\">\(xmlText(sub))</text>\n"
        out += "<g data-kind=\"content-space\" transform=\"translate(\(num(tx)),\(num(ty)))\">\n"
        // Clip at the cut (along the scroll axis) and the fade mask for orthogonal groups past the device edge.
        let big = 1e6
        let cutRect = Rect.make(main: main, m: -big, c: -big, mExtent: cutMain + big, cExtent: 2 * big)
        let onScreen = Rect.make(
            main: main, m: -big, c: device.origin(cross), mExtent: 2 * big, cExtent: device.extent(cross))
        out += "<defs>\n"
        out += "<clipPath id=\"cut-\(index)\"><rect \(rectAttrs(cutRect))/></clipPath>\n"
        out +=
            "<mask id=\"offscreen-\(index)\" maskUnits=\"userSpaceOnUse\" x=\"\(num(-big))\" y=\"\(num(-big))\" width=\"\(num(2 * big))\" height=\"\(num(2 * big))\">"
        out +=
            "<rect x=\"\(num(-big))\" y=\"\(num(-big))\" width=\"\(num(2 * big))\" height=\"\(num(2 * big))\" fill=\"#ffffff\" fill-opacity=\"0.3\"/>"
        out += "<rect \(rectAttrs(onScreen)) fill=\"#ffffff\"/></mask>\n"
        out += "</defs>\n"
        // The screen: white where the device shows content, the unsafe bands shaded on top at the end.
        out += "<rect data-kind=\"screen\" class=\"screen\" \(rectAttrs(device))/>\n"
        out += "<g data-kind=\"layout\" clip-path=\"url(#cut-\(index))\">\n"
        for l in sectionLayer { out += l + "\n" }
        for l in itemLayer { out += l + "\n" }
        for l in boundaryLayer { out += l + "\n" }
        for l in labelLayer { out += l + "\n" }
        for l in findingLayer { out += l + "\n" }
        out += "</g>\n"
        // Device frame and safe area on top.
        let safeRect = Rect(
            x: device.x + safe.left, y: device.y + safe.top,
            width: device.width - safe.left - safe.right, height: device.height - safe.top - safe.bottom)
        if safe != .zero {
            out +=
                "<path data-kind=\"unsafe-area\" class=\"unsafe\" fill-rule=\"evenodd\" d=\"\(rectPath(device)) \(rectPath(safeRect))\"/>\n"
        }
        out += "<rect data-kind=\"safe-area\" class=\"safe-area\" \(rectAttrs(safeRect))/>\n"
        out +=
            "<rect data-kind=\"device\" class=\"device\" rx=\"\(num(min(40, env.width / 10)))\" \(rectAttrs(device))/>\n"
        if contentMainEnd > cutMain + 0.0005 {
            let lineFrom = main == .vertical ? (bounds.minX, cutMain) : (cutMain, bounds.minY)
            let lineTo = main == .vertical ? (bounds.maxX, cutMain) : (cutMain, bounds.maxY)
            out +=
                "<line data-kind=\"cut\" class=\"cut\" x1=\"\(num(lineFrom.0))\" y1=\"\(num(lineFrom.1))\" x2=\"\(num(lineTo.0))\" y2=\"\(num(lineTo.1))\"/>\n"
        }
        out += "</g>\n"
        var y = SVGRenderer.panelTitle + contentHeight + 16
        for n in shownNotes {
            var t = n.text
            if t.count > maxNoteChars { t = String(t.prefix(maxNoteChars - 1)) + "…" }
            let fill = n.color.map { " fill=\"\($0)\"" } ?? ""
            out +=
                "<text data-kind=\"note\" class=\"note\" x=\"\(num(m))\" y=\"\(num(y))\"\(fill)>\(xmlText(t))</text>\n"
            y += SVGRenderer.noteLine
        }
        out += "</g>\n"
        return (out, width, height)
    }

    func rectPath(_ r: Rect) -> String {
        "M\(num(r.x)),\(num(r.y))h\(num(r.width))v\(num(r.height))h\(num(-r.width))Z"
    }

    // MARK: sections

    mutating func drawSection(_ s: ResolvedSection, index i: Int) {
        let highlight = options.highlightSection == s.path
        box(
            .section, kind: "section", cls: highlight ? "section highlight" : "section", path: s.path, frame: s.frame,
            extra: " data-name=\"\(xmlEscape(s.name))\"")
        recordFrame("section:" + s.path, path: s.path, frame: s.frame)
        var title = s.name
        if let spec = s.spec, spec.orthogonalScrollingBehavior != .none {
            title += " · \(spec.orthogonalScrollingBehavior.rawValue)"
        }
        if s.group != nil { title += " · \(s.groupCount) group\(s.groupCount == 1 ? "" : "s")" }
        if s.frame.origin(main) < cutMain && isFinite(s.frame) {
            // Top-right (finding labels take the top-left corner), within the device's width.
            let right = min(s.frame.maxX, device.maxX) - 3
            labelLayer.append(
                "<text class=\"section-label\" text-anchor=\"end\" x=\"\(num(right))\" y=\"\(num(s.frame.y + 10))\">\(xmlText(title))</text>"
            )
        }
        if let reason = s.unresolvedReason {
            notes.append(("section \u{201C}\(s.name)\u{201D} (\(s.path)) is not drawn: \(reason)", "#b91c1c"))
        }
        for d in s.decorations {
            let (df, exactAttr) = emitted(d.frame)
            box(
                .section, kind: "background", cls: "background", path: d.item.path, frame: df,
                extra: (d.item.elementKind.map { " data-element-kind=\"\(xmlEscape($0))\"" } ?? "") + exactAttr)
            recordFrame("decoration:" + d.item.path, path: d.item.path, frame: df)
        }
        guard let root = s.group, let spec = s.spec else { return }
        let orthogonal = spec.orthogonalScrollingBehavior != .none
        let gMain = root.frame.extent(main), gCross = root.frame.extent(cross)
        let spacing = spec.interGroupSpacing
        let n = s.groupCount

        // The section's insets, shaded: the box the groups and insets fill, less the groups' area.
        let ins = s.contentInsets
        if ins != .zero {
            let groupsStart = root.frame.origin(main)
            let groupsMain = orthogonal || n == 0 ? (n == 0 ? 0 : gMain) : Double(n) * gMain + Double(n - 1) * spacing
            let lead = main == .vertical ? ins.top : ins.leading, trail = main == .vertical ? ins.bottom : ins.trailing
            let cLead = main == .vertical ? ins.leading : ins.top,
                cTrail = main == .vertical ? ins.trailing : ins.bottom
            let outer = Rect.make(
                main: main, m: groupsStart - lead, c: s.frame.origin(cross),
                mExtent: groupsMain + lead + trail, cExtent: s.frame.extent(cross))
            let inner = Rect.make(
                main: main, m: groupsStart, c: s.frame.origin(cross) + cLead,
                mExtent: groupsMain, cExtent: s.frame.extent(cross) - cLead - cTrail)
            if isFinite(outer) && isFinite(inner) && outer.origin(main) < cutMain {
                var d = rectPath(outer)
                if inner.width > 0 && inner.height > 0 { d += " " + rectPath(inner) }
                sectionLayer.append(
                    "<path data-kind=\"section-insets\" data-path=\"\(xmlEscape(s.path))\" class=\"insets\" d=\"\(d)\"/>"
                )
            }
        }

        // Group instances.
        let perGroup = max(1, root.leafCount)
        let total = root.leafCount == 0 ? 0 : (spec.itemCount ?? n * perGroup)
        let step = (orthogonal ? gCross : gMain) + spacing
        var lines: [String] = []
        var drawnInstances = 0
        var boxesPerInstance = 0
        root.walk { boxesPerInstance += 1 + $0.supplementaries.count }
        var k = 0
        while k < n {
            let dOff = Double(k) * step
            let (dx, dy) = (orthogonal ? cross : main) == .horizontal ? (dOff, 0.0) : (0.0, dOff)
            let frame = root.frame.offsetBy(dx: dx, dy: dy)
            if orthogonal {
                // (Past the cut the section is clipped away: its first group stands for it.)
                if k > 0 && (frame.origin(cross) >= crossLimit || frame.origin(main) >= cutMain) { break }
            } else {
                if k > 0 && frame.origin(main) >= cutMain { break }
            }
            if !(step > 0) && k > 0 { break }
            // Tiny groups under a long cut: a bound on the boxes one section draws.
            if k >= Self.maxInstances {
                notes.append(
                    (
                        "section \u{201C}\(s.name)\u{201D}: only the first \(Self.maxInstances) of \(n) groups are drawn",
                        nil
                    ))
                break
            }
            if k > 0 && boxesPerInstance > boxesLeft {
                notes.append(
                    ("\(Self.maxBoxes) boxes at most: section \u{201C}\(s.name)\u{201D} draws \(k) of \(n) groups", nil)
                )
                break
            }
            var body: [String] = []
            var badges: [String] = []
            if k == 0 && boxesPerInstance > 1 && boxesPerInstance > boxesLeft {
                // Nothing left even for the first group: its outline alone (48 sections of 10 000 items made 111 MB).
                notes.append(
                    (
                        "\(Self.maxBoxes) boxes at most: section \u{201C}\(s.name)\u{201D} is drawn as its group\u{2019}s outline",
                        nil
                    ))
                box(&body, kind: "group", cls: "group", path: root.path, frame: frame, indent: "  ")
                recordFrame("node:" + root.path, path: root.path, frame: frame)
                boxesLeft -= 1
            } else {
                boxesLeft -= boxesPerInstance
                var leaf = 0
                drawNode(
                    root, dx: dx, dy: dy, instance: k, firstLeaf: k * perGroup, total: total, leaf: &leaf,
                    into: &body, badges: &badges, indent: "  ")
            }
            if !body.isEmpty {
                var attrs = "data-kind=\"instance\" data-path=\"\(xmlEscape(root.path))\" data-instance=\"\(k)\""
                if orthogonal {
                    let edge = device.origin(cross) + device.extent(cross)
                    let state =
                        frame.origin(cross) >= edge - 0.0005
                        ? "true" : (frame.origin(cross) + frame.extent(cross) > edge + 0.0005 ? "partial" : "false")
                    attrs += " data-offscreen=\"\(state)\""
                }
                lines.append("<g \(attrs)>")
                lines += body
                lines += badges
                lines.append("</g>")
                drawnInstances += 1
            }
            k += 1
        }
        if orthogonal {
            itemLayer.append(
                "<g data-kind=\"orthogonal\" data-path=\"\(xmlEscape(s.path))\" mask=\"url(#offscreen-\(index))\">")
            itemLayer += lines
            itemLayer.append("</g>")
            if k < n && root.frame.origin(main) < cutMain {
                // After the last group drawn: how many more the section scrolls through.
                let end = root.frame.origin(cross) + Double(k - 1) * step + gCross + 8
                let text = "+\(n - k) more group\(n - k == 1 ? "" : "s") \(cross == .horizontal ? "→" : "↓")"
                let p =
                    cross == .horizontal
                    ? (x: end, y: root.frame.y + min(gMain, 40) / 2 + 4) : (x: root.frame.x + 4, y: end + 11)
                labelLayer.append(
                    "<text data-kind=\"more\" class=\"more\" x=\"\(num(p.x))\" y=\"\(num(p.y))\">\(xmlText(text))</text>"
                )
                bounds.add(clipped(Rect(x: p.x, y: p.y - 11, width: 6.2 * Double(text.count), height: 16)))
            }
        } else {
            itemLayer += lines
        }
        if n == 0 {
            notes.append(("section \u{201C}\(s.name)\u{201D} has no items (itemCount 0)", nil))
        }

        // Headers, footers and other boundary items.
        for b in s.boundaryItems { drawBoundary(b) }
    }

    /// A boundary item: a section's, or the layout's own (a global header or footer).
    mutating func drawBoundary(_ b: ResolvedBoundary) {
        let kind = boundaryKind(b.item.alignment)
        var extra = b.item.elementKind.map { " data-element-kind=\"\(xmlEscape($0))\"" } ?? ""
        if b.item.pinToVisibleBounds { extra += " data-pinned=\"true\"" }
        let est = (b.item.width?.isEstimated ?? false) || (b.item.height?.isEstimated ?? false)
        let (bf, exactAttr) = emitted(b.frame)
        box(
            .boundary, kind: kind, cls: kind + (est ? " est" : ""), path: b.item.path, frame: bf,
            extra: extra + exactAttr)
        recordFrame("boundary:" + b.item.path, path: b.item.path, frame: bf)
        var text =
            (b.item.elementKind ?? kind) + " "
            + sizeLabel(
                bf, estimatedWidth: b.item.width?.isEstimated ?? false,
                estimatedHeight: b.item.height?.isEstimated ?? false)
        if b.item.pinToVisibleBounds { text += " (pinned)" }
        if let l = label(text, in: bf, cls: "label supp") { boundaryLayer.append(l) }
    }

    func boundaryKind(_ a: RectAlignment) -> String {
        let r = a.rawValue.lowercased()
        if main == .vertical {
            if r.hasPrefix("top") { return "header" }
            if r.hasPrefix("bottom") { return "footer" }
        } else {
            if r == "leading" || r == "topleading" || r == "bottomleading" { return "header" }
            if r == "trailing" || r == "toptrailing" || r == "bottomtrailing" { return "footer" }
        }
        return "boundary"
    }

    mutating func recordFrame(_ key: String, path: String, frame: Rect) {
        drawnFrames[ExactKey(key), default: []].append((path, frame))
    }

    /// Draws `node` offset by (dx, dy) if any of its leaves is filled (leaf index `firstLeaf + leaf` below `total`).
    mutating func drawNode(
        _ node: ResolvedNode, dx: Double, dy: Double, instance: Int, firstLeaf: Int, total: Int,
        leaf: inout Int, into out: inout [String], badges: inout [String], indent: String
    ) {
        let frame = node.frame.offsetBy(dx: dx, dy: dy)
        let content = node.contentFrame.offsetBy(dx: dx, dy: dy)
        let est = node.estimatedWidth || node.estimatedHeight
        let estAttr =
            est
            ? " data-estimated=\"\([node.estimatedWidth ? "width" : nil, node.estimatedHeight ? "height" : nil].compactMap { $0 }.joined(separator: " "))\""
            : ""
        if node.kind == .item {
            let index = firstLeaf + leaf
            leaf += 1
            guard index < total else { return }
            let (shown, exactAttr) = emitted(frame)
            box(
                &out, kind: "item", cls: est ? "item est" : "item", path: node.path, frame: shown,
                extra: estAttr + exactAttr, indent: indent)
            if content != frame {
                let (shownContent, exactContent) = emitted(content)
                box(
                    &out, kind: "content", cls: est ? "content est" : "content", path: node.path, frame: shownContent,
                    extra: exactContent, indent: indent)
            }
            if let l = label(
                sizeLabel(shown, estimatedWidth: node.estimatedWidth, estimatedHeight: node.estimatedHeight), in: shown,
                indent: indent)
            {
                out.append(l)
            }
            if instance == 0 { recordFrame("node:" + node.path, path: node.path, frame: shown) }
        } else {
            var children: [String] = []
            let before = leaf
            for c in node.children {
                drawNode(
                    c, dx: dx, dy: dy, instance: instance, firstLeaf: firstLeaf, total: total, leaf: &leaf,
                    into: &children, badges: &badges, indent: indent + "  ")
            }
            let anyFilled = firstLeaf + before < total
            guard anyFilled else { return }
            box(
                &out, kind: "group", cls: est ? "group est" : "group", path: node.path, frame: frame, extra: estAttr,
                indent: indent)
            if content != frame {
                box(
                    &out, kind: "content", cls: est ? "content est" : "content", path: node.path, frame: content,
                    extra: " fill-opacity=\"0\"", indent: indent)
            }
            out += children
            if instance == 0 { recordFrame("node:" + node.path, path: node.path, frame: frame) }
        }
        for (item, f) in node.supplementaries {
            let (sf, exactAttr) = emitted(f.offsetBy(dx: dx, dy: dy))
            let sEst = (item.width?.isEstimated ?? false) || (item.height?.isEstimated ?? false)
            let extra = (item.elementKind.map { " data-element-kind=\"\(xmlEscape($0))\"" } ?? "") + exactAttr
            box(
                &badges, kind: "badge", cls: sEst ? "badge est" : "badge", path: item.path, frame: sf, extra: extra,
                indent: indent)
            if let l = label(sizeLabel(sf), in: sf, cls: "label badge-label", maxSize: 8, indent: indent) {
                badges.append(l)
            }
            if instance == 0 { recordFrame("supplementary:" + item.path, path: item.path, frame: sf) }
        }
    }

    // MARK: findings

    /// Every element of the layout with the byte ranges of its text (its own range and its properties' sites, which
    /// through `$ref` may lie in a definition).
    func targets() -> [(key: String, ranges: [ByteRange])] {
        var out: [(String, [ByteRange])] = []
        func sites(_ props: [String: PropertySite]) -> [ByteRange] {
            props.keys.sorted().map { props[$0]!.range }
        }
        for b in layout.boundaryItems { out.append(("boundary:" + b.item.path, [b.item.range] + sites(b.item.props))) }
        // One target per key across the sections: the sections that `$ref` one definition share its keys, and a key
        // listed once per section outlined each of its drawn boxes once per section (48 sections of a shared
        // 10 000-item group: 1.9 M outlines, 717 MB; regression test:
        // RenderLimitTests/findingsOutlineEachDrawnBoxOnceAndBoundedly). `drawnFrames` holds every section's boxes of
        // a key.
        var seen = Set<ExactKey>()
        for s in layout.sections {
            var ranges = [s.section.range]
            if let spec = s.spec { ranges.append(spec.range); ranges += sites(spec.props) }
            out.append(("section:" + s.path, ranges))
            for d in s.decorations { out.append(("decoration:" + d.item.path, [d.item.range] + sites(d.item.props))) }
            for b in s.boundaryItems { out.append(("boundary:" + b.item.path, [b.item.range] + sites(b.item.props))) }
            s.group?.walk { n in
                let key = "node:" + n.path
                if seen.insert(ExactKey(key)).inserted {
                    var r: [ByteRange] = []
                    if let e = n.element { r.append(e.range); r += sites(e.props) }
                    out.append((key, r))
                }
                for (item, _) in n.supplementaries where seen.insert(ExactKey("supplementary:" + item.path)).inserted {
                    out.append(("supplementary:" + item.path, [item.range] + sites(item.props)))
                }
            }
        }
        return out
    }

    /// For each range in `ranges`: the keys of the targets whose non-empty ranges contain it, innermost first (the
    /// deepest element whose text holds the finding, then the ones around it; the targets of one range together, in
    /// the targets' order). Element and property ranges
    /// are ranges of one JSON tree, so any two are nested or disjoint: sorted by start (longest first), the ones that
    /// contain a position form a chain on a stack, and a finding is matched against that chain (its depth) rather
    /// than against every target (10 001 findings over 4 000 sections took 30 s). An empty finding can sit where two
    /// ranges touch, which the chain does not hold: it is matched against every range.
    static func innermostOwners(of ranges: [ByteRange], among targets: [(key: String, ranges: [ByteRange])])
        -> [[[String]]]
    {
        var spanOf: [ByteRange: Int] = [:]
        var spans: [(range: ByteRange, keys: [String])] = []
        for t in targets {
            for r in Set(t.ranges) where r.length > 0 {
                if let k = spanOf[r] {
                    spans[k].keys.append(t.key)
                } else {
                    spanOf[r] = spans.count; spans.append((r, [t.key]))
                }
            }
        }
        // (A target's keys in the targets' order: a target listed once per span.)
        let order = spans.indices.sorted {
            (spans[$0].range.start, -spans[$0].range.end) < (spans[$1].range.start, -spans[$1].range.end)
        }
        var out = [[[String]]](repeating: [], count: ranges.count)
        var stack: [Int] = []
        var next = 0
        for i in ranges.indices.sorted(by: { ranges[$0].start < ranges[$1].start }) {
            let d = ranges[i]
            if d.length == 0 {
                // By length, equal lengths as one level.
                var byLength: [Int: [String]] = [:]
                for sp in spans where sp.range.start <= d.start && d.end <= sp.range.end {
                    byLength[sp.range.length, default: []] += sp.keys
                }
                out[i] = byLength.keys.sorted().map { byLength[$0]! }
                continue
            }
            while next < order.count, spans[order[next]].range.start <= d.start {
                let r = spans[order[next]].range
                while let top = stack.last, spans[top].range.end < r.end { stack.removeLast() }
                stack.append(order[next])
                next += 1
            }
            // The stack is a chain of nested ranges: those that reach d's end hold it, innermost on top.
            out[i] = stack.reversed().filter { spans[$0].range.end >= d.end }.map { spans[$0].keys }
        }
        return out
    }

    mutating func drawFindings() {
        let name = layout.environment.name
        let ds = result.diagnostics.filter { $0.environments.isEmpty || $0.environments.contains(name) }
        guard !ds.isEmpty else { return }
        let ts = targets()
        let owners = Self.innermostOwners(of: ds.map(\.range), among: ts)
        var byKey: [ExactKey: [Diagnostic]] = [:]
        var keyOrder: [String] = []
        for (i, d) in ds.enumerated() {
            // The innermost drawn element that holds it (an item that is not drawn: the group around it).
            var drawn: [String] = []
            for level in owners[i] {
                drawn = level.filter { drawnFrames[ExactKey($0)] != nil }
                if !drawn.isEmpty { break }
            }
            if drawn.isEmpty {
                notes.append(("\(d.severity.description) [\(d.rule)] \(d.message)", severityColor[d.severity]))
                continue
            }
            for k in drawn {
                if byKey[ExactKey(k)] == nil { keyOrder.append(k) }
                byKey[ExactKey(k), default: []].append(d)
            }
        }
        for key in keyOrder {
            // Least severe first, so the most severe outline is drawn on top.
            let list = byKey[ExactKey(key)]!.sorted { ($0.severity, $0.rule) < ($1.severity, $1.rule) }
            // Past the bound, every n-th box, so that each section that shares the element keeps some.
            let all = drawnFrames[ExactKey(key)]!
            let step = (all.count + Self.maxFindingOutlines - 1) / Self.maxFindingOutlines
            let frames = step > 1 ? stride(from: 0, to: all.count, by: step).map { all[$0] } : all
            if step > 1, let first = all.first {
                notes.append(("findings outlined on \(frames.count) of \(all.count) boxes of \(first.path)", nil))
            }
            for (n, (path, frame)) in frames.enumerated() {
                for d in list {
                    let color = severityColor[d.severity]!
                    let extra =
                        " data-rule=\"\(xmlEscape(d.rule))\" data-severity=\"\(d.severity.description)\" stroke=\"\(color)\""
                    box(.finding, kind: "finding", cls: "finding", path: path, frame: frame, extra: extra)
                }
                // The rule ids, most severe first, stacked from the element's top-left corner (above a box too short
                // to hold one), each moved on past the labels already placed (a group and its first item share a
                // corner; one element can carry several findings). The first box of an element labels them all; a
                // repeated box only where its labels fit as they are (its neighbour's would run into them).
                guard isFinite(frame) else { continue }
                let inside = frame.height >= 14
                var y = inside ? frame.y + 10 : frame.y - 3
                let step: Double = inside ? 10 : -10
                for d in list.reversed() {
                    let width = FindingLabels.width(of: d.rule)
                    var placed: Double?
                    for _ in 0..<(n == 0 ? FindingLabels.maxMoves : 1) {
                        let r = Rect(
                            x: frame.x + 3, y: y - FindingLabels.ascent, width: width, height: FindingLabels.lineHeight)
                        y += step
                        if !findingLabels.overlaps(r) {
                            findingLabels.add(r); placed = r.y + FindingLabels.ascent; break
                        }
                    }
                    guard let ly = placed else { continue }
                    let color = severityColor[d.severity]!
                    findingLayer.append(
                        "<text data-kind=\"finding-label\" data-path=\"\(xmlEscape(path))\" data-rule=\"\(xmlEscape(d.rule))\" class=\"finding-label\" fill=\"\(color)\" x=\"\(num(frame.x + 3))\" y=\"\(num(ly))\">\(xmlText(d.rule))</text>"
                    )
                }
            }
        }
    }
}

/// The finding labels placed so far in one panel, for placing the next where it overlaps none: their boxes (the
/// text's extent, estimated from its length at the label's 9 px bold) in a grid of cells, so that a check looks at
/// the few labels near the box, not at all of them.
struct FindingLabels {
    static let ascent = 8.0, lineHeight = 10.0, cell = 64.0
    /// How far a label moves down its element's stack before it is left out (its outline stays).
    static let maxMoves = 40
    /// The estimated width of a rule id at 9 px bold (rule ids are ASCII: about 0.6 em a character).
    static func width(of text: String) -> Double { Double(text.utf8.count) * 5.6 }

    private var cells: [Int64: [Rect]] = [:]

    private func keys(_ r: Rect) -> [Int64] {
        // (Clamped: a frame far out must not make a cell number Int64 cannot hold.)
        func cell(_ v: Double, _ size: Double) -> Int64 { Int64(max(-1e12, min(1e12, (v / size).rounded(.down)))) }
        let x0 = cell(r.x, Self.cell), x1 = cell(r.x + r.width, Self.cell)
        let y0 = cell(r.y, Self.lineHeight), y1 = cell(r.y + r.height, Self.lineHeight)
        var out: [Int64] = []
        for y in y0...y1 { for x in x0...x1 { out.append(y &* 1_000_003 &+ x) } }
        return out
    }

    func overlaps(_ r: Rect) -> Bool {
        for k in keys(r) {
            for o in cells[k] ?? []
            where r.x < o.x + o.width - 0.01 && o.x < r.x + r.width - 0.01
                && r.y < o.y + o.height - 0.01 && o.y < r.y + r.height - 0.01
            { return true }
        }
        return false
    }

    mutating func add(_ r: Rect) { for k in keys(r) { cells[k, default: []].append(r) } }
}

/// A file name for an editor preview of `documentPath` in `environment`: the document's base name without its
/// `.layout.json(c)` suffix, the environment, and `.svg`, with anything but letters, digits, `-`, `_` and `.` made `-`
/// (e.g. `app-store.iPhone-12.svg`). The caller picks the folder (a temporary one).
public func previewFileName(documentPath: String, environment: String?) -> String {
    var base = String(splitOnSlash(Substring(documentPath), omittingEmpty: true).last ?? "layout")
    for suffix in [".layout.jsonc", ".layout.json", ".jsonc", ".json"] {
        if let stem = base.beforeByteSuffix(suffix) { base = String(stem); break }
    }
    func clean(_ s: String) -> String {
        let kept = s.unicodeScalars.map { u -> Character in
            (u.properties.isAlphabetic || ("0"..."9").contains(u) || u == "-" || u == "_" || u == ".") && u.isASCII
                ? Character(u) : "-"
        }
        // (At most 80 characters each, all ASCII: a long environment or document name made a name over NAME_MAX, 255
        // bytes, and the preview failed.)
        let t = String(kept.prefix(80))
        return t.isEmpty || t.allSatisfy({ $0 == "." }) ? "layout" : t
    }
    return clean(base) + (environment.map { "." + clean($0) } ?? "") + ".svg"
}
