// Position queries on the syntax tree, for editors: the node at an offset, JSON pointers, `$ref` sites.

/// One step from a node to its child.
public enum PathStep: Sendable, Equatable {
    case key(String)
    case index(Int)
    public var token: String {
        switch self {
        case .key(let k): return escapePointer(k)
        case .index(let i): return String(i)
        }
    }
}

/// Where an offset falls in the syntax tree.
public struct JSONCursor: @unchecked Sendable {
    /// From the root to the deepest node whose text contains (or touches) the offset.
    public var nodes: [JSONNode] = []
    /// The steps to each node after the root (`steps.count == nodes.count - 1`).
    public var steps: [PathStep] = []
    /// The property whose key holds the offset (the cursor is on a key).
    public var keyProperty: JSONProperty?
    /// The object holding `keyProperty`.
    public var keyObject: JSONNode?

    public var node: JSONNode? { nodes.last }
    /// The JSON pointer of the deepest node (for a key: of that property's value).
    public var pointer: String {
        var p = steps.map { "/" + $0.token }.joined()
        if let k = keyProperty { p += "/" + escapePointer(k.key) }
        return p
    }
    /// The key names (and indexes, as strings) of the path, unescaped.
    public var components: [String] {
        var c = steps.map { s -> String in
            switch s {
            case .key(let k): return k;
            case .index(let i): return String(i)
            }
        }
        if let k = keyProperty { c.append(k.key) }
        return c
    }
}

/// The path from the root to the deepest node at `offset`. A cursor right after a value's last byte still counts
/// as inside it (`touches`), so typing at the end of a word finds the word. With the document's `text`, a container
/// that is not closed (a document typed from the top, its brackets still open) also holds the blanks after its last
/// token, where the cursor of someone typing is.
public func locateJSON(_ root: JSONNode?, offset: Int, text: [UInt8]? = nil, maxDepth: Int = 600) -> JSONCursor {
    var c = JSONCursor()
    func touches(_ n: JSONNode) -> Bool {
        if n.range.touches(offset) { return true }
        guard !n.isClosed, let text, offset > n.range.end, offset <= text.count else { return false }
        var e = n.range.end
        while e < offset, text[e] == 0x20 || text[e] == 0x09 || text[e] == 0x0A || text[e] == 0x0D { e += 1 }
        return e == offset
    }
    guard let root, touches(root) else { return c }
    c.nodes = [root]
    var node = root
    for _ in 0..<maxDepth {
        var next: (JSONNode, PathStep)?
        switch node.kind {
        case .object:
            for p in node.properties {
                let valueTouches = p.value.map(touches) ?? false
                if p.keyRange.contains(offset) || (offset == p.keyRange.end && !valueTouches) {
                    c.keyProperty = p
                    c.keyObject = node
                    return c
                }
                if let v = p.value, valueTouches {
                    next = (v, .key(p.key))
                    break
                }
            }
        case .array:
            for (i, e) in node.elements.enumerated() where touches(e) {
                next = (e, .index(i))
                break
            }
        default:
            break
        }
        guard let (n, step) = next else { break }
        // A container's closing bracket touched from outside (offset == end) is not inside it; one that is not closed
        // ends at its last token, and a cursor there is in it.
        if (n.kind == .object || n.kind == .array) && offset == n.range.end && n.isClosed { break }
        c.nodes.append(n)
        c.steps.append(step)
        node = n
    }
    return c
}

/// The node a JSON pointer (`/a/0/b`, or `#/a/0/b`) names, and the property holding it when its parent is an object.
public func jsonNode(atPointer pointer: String, root: JSONNode?) -> (node: JSONNode, property: JSONProperty?)? {
    guard var node = root else { return nil }
    var p = Substring(pointer)
    if let rest = p.afterBytePrefix("#") { p = rest }
    if p.isEmpty { return (node, nil) }
    guard let tokens = p.afterBytePrefix("/") else { return nil }
    var prop: JSONProperty?
    for raw in splitOnSlash(tokens) {
        // The same step as the builder's `$ref` (go-to-definition lands where the reference resolves).
        let tok = unescapePointer(String(raw))
        guard let child = node.child(pointerToken: tok) else { return nil }
        prop = node.kind == .object ? node.property(tok) : nil
        node = child
    }
    return (node, prop)
}

/// A `"$ref": "…"` in the document.
public struct RefSite: @unchecked Sendable {
    /// The string node holding the pointer (its range includes the quotes).
    public var value: JSONNode
    public var pointer: String { value.stringValue }
    /// The pointer after its leading "#" ("#/a" → "/a"); nil when it has none (then it is no JSON pointer).
    public var fragment: String? { pointer.afterBytePrefix("#").map(String.init) }
    /// The object holding the `$ref`.
    public var object: JSONNode
}

/// A `$ref` and what it points to, in text offsets: what document links offer.
public struct RefTarget: Sendable, Equatable {
    /// The string holding the pointer (its range includes the quotes).
    public var value: ByteRange
    /// The pointer after its leading "#"; nil when it has none (then it points nowhere).
    public var fragment: String?
    /// The pointed-to member from its key, or the element; nil when the pointer points nowhere.
    public var target: ByteRange?
}

/// Every `$ref` with a string value, in document order, outside the subtree `skipping`. Iterative, bounded by
/// `maxNodes`.
public func collectRefSites(_ root: JSONNode?, skipping: JSONNode? = nil, maxNodes: Int = 2_000_000) -> [RefSite] {
    guard let root else { return [] }
    var out: [RefSite] = []
    // (No path per object: nothing read it, and a path string per container of a document with a 256 KB key made
    // gigabytes.)
    var stack: [JSONNode] = [root]
    var visited = 0
    while let n = stack.popLast() {
        if let skipping, n === skipping { continue }
        visited += 1
        if visited > maxNodes { break }
        switch n.kind {
        case .object:
            for p in n.properties {
                if p.key == "$ref", let v = p.value, v.kind == .string {
                    out.append(RefSite(value: v, object: n))
                }
            }
            for p in n.properties.reversed() {
                if let v = p.value, v.kind == .object || v.kind == .array { stack.append(v) }
            }
        case .array:
            for e in n.elements.reversed() where e.kind == .object || e.kind == .array { stack.append(e) }
        default:
            break
        }
    }
    return out
}

/// Escapes a string as JSON text (with its quotes); also how messages quote keys the user wrote.
public func jsonQuoted(_ s: String) -> String {
    var out = "\""
    for u in s.unicodeScalars {
        switch u {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
            if u.value < 0x20 {
                let h = String(u.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - h.count) + h
            } else {
                out.unicodeScalars.append(u)
            }
        }
    }
    return out + "\""
}

/// The index of the section a path into the sections names (`/sections/INDEX…`, as the builder writes the paths of
/// the `$ref`s it followed, `LayoutDocument.referencedPointers`); nil for any other path. An index as
/// `JSONNode.child(pointerToken:)` reads one.
public func sectionIndex(ofPath path: String) -> Int? {
    let tokens = splitOnSlash(Substring(path))
    guard tokens.count >= 3, tokens[0].isEmpty, tokens[1] == "sections", let i = Int(tokens[2]), i >= 0,
        String(i) == tokens[2]
    else { return nil }
    return i
}

/// The node a path into the sections names, as `$ref` follows it.
func sectionTextTarget(_ path: String, root: JSONNode?) -> JSONNode? {
    guard sectionIndex(ofPath: path) != nil else { return nil }
    return jsonNode(atPointer: path, root: root)?.node
}

/// The distinct pointers of `pointers`, in the order of their bytes: two canonically equivalent pointers name two
/// different keys, so both stay (`ExactKey`).
func distinctSorted(_ pointers: [String]) -> [String] {
    Set(pointers.lazy.map(ExactKey.init)).map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
}

/// The text of the sections that the `$ref`s followed read (`paths`: `LayoutDocument.referencedPointers`): each
/// target's range, the outermost of nested ones, in text order (`LayoutDocument.sharedText`).
func sharedSectionText(root: JSONNode?, paths: some Sequence<String>) -> [ByteRange] {
    outermostRanges(paths.compactMap { sectionTextTarget($0, root: root)?.range })
}

/// Whether the edit of `start..<end` touches `shared` (outermost ranges in text order): overlaps a target's text, or
/// inserts strictly inside it (an insertion just before its `{` or after its `}` changes nothing a `$ref` reads).
/// Only the target's own bytes count: no safe fix edits a key or an array on a pointer's path without editing the
/// value too, nor inserts what makes a pointer that names nothing resolve (a fix that did would need more here).
func touchesSharedText(_ shared: [ByteRange], _ start: Int, _ end: Int) -> Bool {
    let key = end > start ? end : start
    // Disjoint and in text order: only the last range that starts before `key` can reach past `start`.
    var lo = 0, hi = shared.count
    while lo < hi {
        let mid = (lo + hi) / 2
        if shared[mid].start < key { lo = mid + 1 } else { hi = mid }
    }
    return lo > 0 && shared[lo - 1].end > start
}

/// A fix that edits text a followed `$ref` reads (`touches`) changes the element that refers to it too: it is not
/// safe (a suggestion: the editor offers it, `--fix` leaves it), whatever the rule found. Run on the merged
/// diagnostics of `lint(bytes:)` and of the incremental linter alike. duplicate-key's fix removes the first of two
/// equal keys, which no `$ref` reads (the last one wins).
func markFixesOnSharedTextUnsafe(_ ds: inout [Diagnostic], touches: (TextEdit) -> Bool) {
    for i in ds.indices {
        guard let f = ds[i].fix, f.isSafe, ds[i].ruleID != .duplicateKey, f.edits.contains(where: touches) else {
            continue
        }
        ds[i].fix?.isSafe = false
    }
}

/// Ranges of JSON nodes (nested or disjoint, never partly overlapping) reduced to the outermost, in text order.
func outermostRanges(_ ranges: [ByteRange]) -> [ByteRange] {
    var out: [ByteRange] = []
    for r in ranges.sorted(by: { $0.start != $1.start ? $0.start < $1.start : $0.end > $1.end }) {
        if let last = out.last, r.start < last.end { continue }
        out.append(r)
    }
    return out
}

/// The definitions named by the `$ref`s written under `node`, leaving out the subtree `skipping`. With no cap on the
/// nodes walked, so that the whole document and its parts give the same union (`lint` and the incremental linter).
func definitionRefs(in node: JSONNode?, skipping: JSONNode? = nil) -> Set<ExactKey> {
    var out = Set<ExactKey>()
    for site in collectRefSites(node, skipping: skipping, maxNodes: .max) {
        if let d = definitionNamed(by: site.pointer) { out.insert(d) }
    }
    return out
}

/// The definition a `$ref` pointer names, if any: `#/definitions/NAME…`, by NAME as the builder writes it in paths.
func definitionNamed(by pointer: String) -> ExactKey? {
    guard let afterHash = pointer.afterBytePrefix("#") else { return nil }
    let tokens = splitOnSlash(afterHash)
    let name: Substring
    if tokens.count >= 3, tokens[0].isEmpty, tokens[1] == "definitions" {
        name = tokens[2]
    } else if let first = tokens.first, !first.isEmpty {
        // Not a pointer (an error, whose fix adds the "/" or drops the first token): what either reading names
        // stays a use, so that `--fix` does not delete the definition the user meant.
        if tokens.count >= 2, tokens[0] == "definitions" {
            name = tokens[1]
        } else if tokens.count >= 3, tokens[1] == "definitions" {
            name = tokens[2]
        } else {
            name = tokens[0]
        } // "#cell": the definition it names, if there is one
    } else {
        return nil
    }
    return ExactKey(escapePointer(unescapePointer(String(name))))
}

/// The `$ref`s written in the document `root` (leaving out the subtree `skipping`) that name definitions: those
/// written outside the root's `definitions` members, and those written inside each definition. Over the whole
/// document it is what `lint` gives unused-definition; the incremental linter passes the sections' array as
/// `skipping` and adds each section's `definitionRefs` to the roots.
func definitionRefGraph(in root: JSONNode?, skipping: JSONNode? = nil) -> DefinitionRefs {
    var out = DefinitionRefs()
    guard let root, root.kind == .object, root !== skipping else {
        out.roots = definitionRefs(in: root, skipping: skipping)
        return out
    }
    for p in root.properties {
        guard let v = p.value else { continue }
        if p.key.sameKey(as: "definitions"), v.kind == .object {
            for d in v.properties {
                let refs = definitionRefs(in: d.value, skipping: skipping)
                if !refs.isEmpty { out.inside[ExactKey(escapePointer(d.key)), default: []].formUnion(refs) }
            }
        } else if p.key.sameKey(as: "$ref"), v.kind == .string {
            if let d = definitionNamed(by: v.stringValue) { out.roots.insert(d) }
        } else {
            out.roots.formUnion(definitionRefs(in: v, skipping: skipping))
        }
    }
    return out
}
