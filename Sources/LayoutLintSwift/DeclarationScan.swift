// Which of the files that never name the API declare a name a layout needs: a byte scan, no parse. The module
// first reads the files that name the API; a constant, a cell's `static let itemSize`, an `extension CGFloat`'s
// `static let` or an enum declared in another file of the app is found by scanning the rest for a declaration of each
// name the layouts looked up where the module had none, where Swift's lookup would find it, and parsing only the
// files that have one (`SwiftFrontEnd.lintOnThisThread`).

/// A name the code looked up where the module declares nothing of that name, and where Swift would look for it.
struct MissingName: Hashable {
    enum Place: Hashable {
        /// A type (`Metrics` in `Metrics.spacing`).
        case type
        /// A member of this type, or a declaration at the top level of a file (a bare name in a method of the type:
        /// its own member, also from an extension in another file, or a global). nil: code outside any type.
        case member(of: String?)
        /// A member of some type the code does not name (an implicit member, `.absolute(.minimumButtonDimension)`,
        /// declared by `extension CGFloat`).
        case anyType
    }
    let name: String
    let place: Place
    init(_ name: String, in place: Place) {
        self.name = name
        self.place = place
    }

    /// A bare name in code that runs in `selfType`: a type when it is capitalised, else a member or a global.
    static func bare(_ name: String, in selfType: String?) -> MissingName {
        MissingName(name, in: name.unicodeScalars.first?.properties.isUppercase == true ? .type : .member(of: selfType))
    }
}

/// The names to look for, by where a declaration of each counts (`MissingName.Place`).
struct MissingNames {
    var types: Set<String> = []
    var globals: Set<String> = []
    var members: [String: Set<String>] = [:]
    var ofAnyType: Set<String> = []

    init(_ names: some Sequence<MissingName>) {
        for n in names {
            switch n.place {
            case .type: types.insert(n.name)
            case .member(let owner):
                globals.insert(n.name)
                if let owner { members[owner, default: []].insert(n.name) }
            case .anyType: ofAnyType.insert(n.name)
            }
        }
    }

    var isEmpty: Bool { types.isEmpty && globals.isEmpty && ofAnyType.isEmpty }
}

private enum Word {
    case declaresValue // let, var, func, case
    case declaresType // struct, class, enum, actor, protocol, extension
    case typealiasKeyword
    case other
}

private func word(_ w: UnsafeBufferPointer<UInt8>) -> Word {
    switch w.count {
    case 3 where w.elementsEqual("let".utf8) || w.elementsEqual("var".utf8): return .declaresValue
    case 4 where w.elementsEqual("func".utf8) || w.elementsEqual("case".utf8): return .declaresValue
    case 4 where w.elementsEqual("enum".utf8): return .declaresType
    case 5 where w.elementsEqual("class".utf8) || w.elementsEqual("actor".utf8): return .declaresType
    case 6 where w.elementsEqual("struct".utf8): return .declaresType
    case 8 where w.elementsEqual("protocol".utf8): return .declaresType
    case 9 where w.elementsEqual("extension".utf8): return .declaresType
    case 9 where w.elementsEqual("typealias".utf8): return .typealiasKeyword
    default: return .other
    }
}

/// Whether `bytes` declares one of `names` where it counts: a value or a type at the top level, a member in the body
/// of the type it belongs to (or of an extension of it), a type anywhere. Comments and string literals are skipped;
/// a declaration inside a function body declares nothing here. A text that reads like a declaration without being
/// one makes the file be parsed, no more.
func declaresAny(_ bytes: [UInt8], of names: MissingNames) -> Bool {
    guard !names.isEmpty else { return false }
    return bytes.withUnsafeBufferPointer { b -> Bool in
        let n = b.count
        var i = 0
        // One entry per open brace: the type whose body it opens, or nil (a function body, a closure, an accessor).
        var braces: [String?] = []
        var pendingType: String?
        // What the next identifier is: a value or a type declared (after a keyword, or after `,` in `case a, b`).
        var next = Word.other
        var inCase = false
        func matches(_ name: String, _ kind: Word) -> Bool {
            let owner = braces.last ?? nil
            if kind == .declaresType || kind == .typealiasKeyword, names.types.contains(name) { return true }
            if braces.isEmpty { return names.globals.contains(name) }
            guard let owner else { return false }
            return names.members[owner]?.contains(name) == true || names.ofAnyType.contains(name)
        }
        while i < n {
            let c = b[i]
            if isIdentifierStart(c) {
                let start = i
                i += 1
                while i < n, isIdentifierByte(b[i]) || (next == .declaresType && b[i] == UInt8(ascii: ".")) { i += 1 }
                var w = UnsafeBufferPointer(rebasing: b[start..<i])
                // (`class func`, `class var`: the keyword after `class` is what is declared.)
                if next == .declaresType, word(w) == .declaresValue { next = .declaresValue; continue }
                switch next {
                case .declaresValue, .typealiasKeyword, .declaresType:
                    // (`extension Outer.Inner`: the type is Inner.)
                    if let dot = w.lastIndex(of: UInt8(ascii: ".")) {
                        w = UnsafeBufferPointer(rebasing: w[(dot + 1)...])
                    }
                    let name = String(decoding: w, as: UTF8.self)
                    if matches(name, next) { return true }
                    if next == .declaresType { pendingType = name }
                    next = .other
                case .other:
                    next = word(w)
                    if next == .declaresValue { inCase = w.elementsEqual("case".utf8) }
                }
                continue
            }
            switch c {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "`"):
                break
            case UInt8(ascii: ","):
                next = inCase ? .declaresValue : .other
            case UInt8(ascii: "{"):
                braces.append(pendingType)
                pendingType = nil
                next = .other
                inCase = false
            case UInt8(ascii: "}"):
                _ = braces.popLast()
                next = .other
                inCase = false
            case UInt8(ascii: "/") where i + 1 < n && b[i + 1] == UInt8(ascii: "/"):
                while i < n, b[i] != UInt8(ascii: "\n") { i += 1 }
                continue
            case UInt8(ascii: "/") where i + 1 < n && b[i + 1] == UInt8(ascii: "*"):
                var depth = 0
                while i + 1 < n {
                    if b[i] == UInt8(ascii: "/") && b[i + 1] == UInt8(ascii: "*") { depth += 1; i += 2; continue }
                    if b[i] == UInt8(ascii: "*") && b[i + 1] == UInt8(ascii: "/") {
                        depth -= 1
                        i += 2
                        if depth == 0 { break }
                        continue
                    }
                    i += 1
                }
                continue
            case UInt8(ascii: "\""):
                i = endOfString(b, i)
                next = .other
                continue
            case UInt8(ascii: "\n"), UInt8(ascii: "("), UInt8(ascii: "="), UInt8(ascii: ":"), UInt8(ascii: ";"):
                next = .other
                inCase = false
            default:
                next = .other
            }
            i += 1
        }
        return false
    }
}

/// The offset past the string literal that opens at `i` (`"…"` on one line, `"""…"""`; `\` escapes one byte).
private func endOfString(_ b: UnsafeBufferPointer<UInt8>, _ start: Int) -> Int {
    let n = b.count
    let quote = UInt8(ascii: "\"")
    let multiline = start + 2 < n && b[start + 1] == quote && b[start + 2] == quote
    var i = start + (multiline ? 3 : 1)
    while i < n {
        let c = b[i]
        if c == UInt8(ascii: "\\") { i += 2; continue }
        if multiline {
            if c == quote && i + 2 < n && b[i + 1] == quote && b[i + 2] == quote { return i + 3 }
        } else {
            if c == quote { return i + 1 }
            if c == UInt8(ascii: "\n") { return i }
        }
        i += 1
    }
    return n
}

@inline(__always) private func isIdentifierStart(_ c: UInt8) -> Bool {
    (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c >= 0x80
}

@inline(__always) private func isIdentifierByte(_ c: UInt8) -> Bool {
    isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
}
