// Helpers of the workspace tests: a scratch folder and the bytes and metadata of a path.
import Foundation

/// A fresh temporary folder; `cleanup()` removes it.
final class ScratchDir {
    let path: String
    init() {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("layoutlint-ws-\(UUID().uuidString)").path
        try! FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }
    @discardableResult func write(_ name: String, _ text: String, mode: Int? = nil) -> String {
        let p = path + "/" + name
        try! FileManager.default.createDirectory(
            atPath: (p as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try! Data(text.utf8).write(to: URL(fileURLWithPath: p))
        if let mode { chmod(p, mode_t(mode)) }
        return p
    }
    func mkdir(_ name: String) {
        try! FileManager.default.createDirectory(atPath: path + "/" + name, withIntermediateDirectories: true)
    }
    /// Every entry of `folder` (hidden ones included), sorted.
    func listing(_ folder: String = "") -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.isEmpty ? path : path + "/" + folder)) ?? [])
            .sorted()
    }
    func cleanup() { try? FileManager.default.removeItem(atPath: path) }
}

func bytes(_ path: String) -> [UInt8] { [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: path))) ?? Data()) }
func lstatOf(_ path: String) -> stat { var st = stat(); lstat(path, &st); return st }
func statOf(_ path: String) -> stat { var st = stat(); stat(path, &st); return st }
