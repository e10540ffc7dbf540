// The document reader's helpers: results read on several threads, the edits swift-syntax reparses with, large
// items, compaction, and the changed span of two texts.

import Foundation
import LayoutLintCore
import SwiftParser
import SwiftSyntax

/// The outcomes of layouts read on several threads, by index.
final class ReadResults: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var outcomes: [SwiftFrontEnd.SiteOutcome?]
    /// The regions the threads' modules indexed besides the reader's.
    private(set) var regionsIndexed = 0
    init(count: Int) { outcomes = Array(repeating: nil, count: count) }
    func set(_ k: Int, _ outcome: SwiftFrontEnd.SiteOutcome) {
        lock.lock()
        defer { lock.unlock() }
        outcomes[k] = outcome
    }
    func indexed(_ n: Int) {
        lock.lock()
        defer { lock.unlock() }
        regionsIndexed += n
    }
}

/// The edits an incremental parse is told of: the text's `edits` (of `oldText`, the text the previous tree was parsed
/// from), and beside them edits that replace a byte of a large item by itself: the last byte of each item that ends
/// before the first edit, and the first byte of each top-level item or type that starts after the last one.
///
/// swift-syntax (603) records how far the parser looked ahead for each top-level item and member it parses or
/// reuses, but a reused item's record does not bring those of the items inside it along. After an edit above or
/// below a large type had the type reused whole, the next edit inside it parsed every member before it again: near
/// the end of the type, as much as a from-scratch parse. An edit that changes nothing keeps an item from being reused
/// whole: the parse goes into it and reuses its members one by one, recording each (the member or item whose
/// lookahead reaches that byte is parsed again).
/// After the edits, only the top-level items, not their members: there the parse reuses an item past the last edit
/// without looking at its record, and after a recovery that looked ahead to the end of the file (a statement where a
/// `case` belongs does) every item parsed later records a lookahead to the end, which a later edit touches.
/// (swift-syntax keeps the records of the items inside a reused one since its pull request 3421, merged after 603.0.1:
/// with a version that has it, these edits are not needed.)
func parseEdits(_ edits: ConcurrentEdits, oldText: [UInt8], largeItems: [LargeItem]) -> ConcurrentEdits {
    guard let first = edits.edits.first?.range.lowerBound.utf8Offset,
        let last = edits.edits.last?.range.upperBound.utf8Offset
    else {
        return edits
    }
    func same(_ offset: Int) -> SourceEdit {
        SourceEdit(
            range: AbsolutePosition(utf8Offset: offset)..<AbsolutePosition(utf8Offset: offset + 1),
            replacement: [oldText[offset]])
    }
    let before = largeItems.prefix { $0.last + 1 < first }.map { same($0.last) }
    let after = largeItems.filter { $0.topLevel && $0.first > last && $0.first < oldText.count }.map { same($0.first) }
    guard !before.isEmpty || !after.isEmpty else { return edits }
    return (try? ConcurrentEdits(concurrent: before + edits.edits + after)) ?? edits
}

/// A top-level item, top-level type or type member of at least `largeItem` bytes (`largeItemsOf`): where it starts
/// (its leading trivia) and its last byte.
struct LargeItem {
    let first: Int
    let last: Int
    let topLevel: Bool
}

/// The large items of an outline (`OutlineUnit.of`), by their last byte. `end`: where the file's end-of-file token
/// starts (the trivia after the last item is its own).
func largeItemsOf(_ outline: [OutlineUnit], end: Int, largeItem: Int = 4096) -> [LargeItem] {
    var items: [LargeItem] = []
    var header = 0
    for (k, unit) in outline.enumerated() {
        let next = k + 1 < outline.count ? outline[k + 1].position : end
        switch unit.node {
        case .header: header = unit.position
        case .item:
            if next - unit.position >= largeItem {
                items.append(LargeItem(first: unit.position, last: next - 1, topLevel: true))
            }
        case .member:
            if next - unit.position >= largeItem {
                items.append(LargeItem(first: unit.position, last: next - 1, topLevel: false))
            }
        case .closingBrace:
            if next - header >= largeItem { items.append(LargeItem(first: header, last: next - 1, topLevel: true)) }
        }
    }
    return items
}

/// A from-scratch parse of a text on a thread of its own (the stack as deep as `onLargeStack`'s).
final class Compaction: @unchecked Sendable {
    let text: [UInt8]
    private let lock = NSLock()
    private var finished: IncrementalParseResult?

    init(text: [UInt8]) {
        self.text = text
        let thread = Thread { [self] in
            lowerThisThreadsPriority()
            let tree = self.text.withUnsafeBufferPointer { Parser.parseIncrementally(source: $0, parseTransition: nil) }
            self.lock.withLock { self.finished = tree }
        }
        thread.stackSize = 64 << 20
        thread.start()
    }

    /// The tree, once the parse has finished.
    var result: IncrementalParseResult? { lock.withLock { finished } }
}

/// The first index in 0..<count where `below` is false (`below` true for a prefix of the indices).
func lowerBound(_ count: Int, _ below: (Int) -> Bool) -> Int {
    var lo = 0, hi = count
    while lo < hi {
        let mid = (lo + hi) / 2
        if below(mid) { lo = mid + 1 } else { hi = mid }
    }
    return lo
}

/// Work beside the typing path yields the CPU to it: on Linux the calling thread's nice value is raised (`who` 0
/// is the calling thread there).
func lowerThisThreadsPriority() {
    #if os(Linux)
    _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    #endif
}

/// Where two texts differ: old [start, oldEnd) is new [start, newEnd) (the common prefix and suffix compared a
/// block at a time with memcmp, then byte by byte).
func changedSpan(_ old: [UInt8], _ new: [UInt8]) -> (start: Int, oldEnd: Int, newEnd: Int) {
    old.withUnsafeBufferPointer { o in
        new.withUnsafeBufferPointer { n in
            let common = min(o.count, n.count)
            guard common > 0, let ob = o.baseAddress, let nb = n.baseAddress else { return (0, o.count, n.count) }
            let block = 256
            var p = 0
            while p + block <= common && memcmp(ob + p, nb + p, block) == 0 { p += block }
            while p < common && o[p] == n[p] { p += 1 }
            var suffix = 0
            while suffix + block <= common - p
                && memcmp(ob + o.count - suffix - block, nb + n.count - suffix - block, block) == 0
            {
                suffix += block
            }
            while suffix < common - p && o[o.count - 1 - suffix] == n[n.count - 1 - suffix] { suffix += 1 }
            return (p, o.count - suffix, n.count - suffix)
        }
    }
}

/// The offsets in `layouts[].result` and `layouts[].documents`: region offsets when a document reader made this
/// result (`textRange` turns them into offsets in the text), text offsets otherwise.
extension SwiftFileResult: RegionOffsetMapping {
    public func textOffset(_ offset: Int) -> Int { regions.textOffset(offset) }
    public func regionOffset(_ offset: Int) -> Int { regions.regionOffset(offset) }
}

/// Whether the text mentions a suppression at all (most files do not: their comments need not be collected).
func mentionsSuppression(_ bytes: [UInt8]) -> Bool {
    bytes.withUnsafeBufferPointer { contains($0, "layoutlint") }
}

/// The same after an edit, from what the text before it said (`old`, whether it mentioned, the changed span): a
/// mention the edit made or unmade overlaps the span, so only the bytes around it are searched, unless the edit
/// touched a mention the old text had (then the whole text is).
func mentionsSuppression(
    _ bytes: [UInt8], after edit: (old: [UInt8], mentioned: Bool, start: Int, oldEnd: Int, newEnd: Int)?
) -> Bool {
    guard let e = edit else { return mentionsSuppression(bytes) }
    let reach = "layoutlint".utf8.count - 1
    func around(_ b: [UInt8], _ end: Int) -> Bool {
        let lo = max(0, e.start - reach), hi = min(b.count, end + reach)
        return lo < hi
            && b.withUnsafeBufferPointer { contains(UnsafeBufferPointer(rebasing: $0[lo..<hi]), "layoutlint") }
    }
    if !e.mentioned { return around(bytes, e.newEnd) }
    return around(e.old, e.oldEnd) ? mentionsSuppression(bytes) : true
}
