// The devices an app's Xcode project declares: which families (`TARGETED_DEVICE_FAMILY`: 1 iPhone, 2 iPad) and
// whether the iPhone app turns to landscape (`UISupportedInterfaceOrientations` in an Info.plist, or the
// `INFOPLIST_KEY_UISupportedInterfaceOrientations` build setting), so that a Swift file is checked in the devices
// the app ships to (`LayoutEnvironment.shipping`); and the deployment target, which says whether the app also runs
// where fractional sizes are not floored to pixels (iOS 13–15). Read from the project next to the file or above it,
// as far as the repository root; the build settings also from the `.xcconfig` files beside the project. A Swift
// package with no Xcode project gives its deployment target in `Package.swift`'s `platforms:`.

import Foundation
import LayoutLintCore

/// The devices the Xcode project governing `file` declares; all of them when there is none or it declares nothing.
/// Read once per folder per process (a language server reads it again when it restarts).
public func appDevices(forFile file: String) -> AppDevices {
    let folder = kernelFolder(ofFile: file)
    devicesLock.lock()
    if let known = devicesByFolder[folder] { devicesLock.unlock(); return known }
    devicesLock.unlock()
    let devices = readAppDevices(forFile: file)
    devicesLock.lock()
    devicesByFolder[folder] = devices
    devicesLock.unlock()
    return devices
}

private let devicesLock = NSLock()
nonisolated(unsafe) private var devicesByFolder: [String: AppDevices] = [:]

func readAppDevices(forFile file: String) -> AppDevices {
    guard let (folder, projects) = xcodeProjects(above: file) else { return packageDevices(forFile: file) }
    var settings = ""
    for p in projects { settings += (try? String(contentsOfFile: p + "/project.pbxproj", encoding: .utf8)) ?? "" }
    for c in xcconfigFiles(in: folder) { settings += (try? String(contentsOfFile: c, encoding: .utf8)) ?? "" }
    var devices = AppDevices()
    let families = values(of: "TARGETED_DEVICE_FAMILY", in: settings)
    if !families.isEmpty {
        let all = families.flatMap { $0.split(whereSeparator: { !$0.isNumber }) }
        devices.iPhone = all.contains("1")
        devices.iPad = all.contains("2")
        // (Only a Mac or Vision family: check the iPhone and iPad sizes all the same.)
        if !devices.iPhone && !devices.iPad { devices.iPhone = true; devices.iPad = true }
    }
    // The orientations: the build settings, and the Info.plists the settings name: the app's (in a folder named as
    // the project, `AltStore/Info.plist` of AltStore.xcodeproj) where there is one, else all (extensions, widgets).
    // Landscape unless orientations are declared and none of them is a landscape one.
    var iPhone =
        values(of: "INFOPLIST_KEY_UISupportedInterfaceOrientations", in: settings)
        + values(of: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPhone", in: settings)
    var iPad = values(of: "INFOPLIST_KEY_UISupportedInterfaceOrientations_iPad", in: settings)
    let plists = Set(values(of: "INFOPLIST_FILE", in: settings).filter { $0.hasSuffix(".plist") })
    let names = Set(projects.map { String(fileNamePart(of: $0).dropLast(".xcodeproj".count)).lowercased() })
    let apps = plists.filter { names.contains(($0.split(separator: "/").first.map(String.init) ?? "").lowercased()) }
    for plist in (apps.isEmpty ? plists : apps).sorted() {
        guard let text = try? String(contentsOfFile: withTrailingSlash(folder) + plist, encoding: .utf8) else {
            continue
        }
        iPhone += plistOrientations(text, key: "UISupportedInterfaceOrientations")
        iPad += plistOrientations(text, key: "UISupportedInterfaceOrientations~ipad")
    }
    // The deployment target: the smallest any target sets (an app's extensions and tests may set their own).
    devices.deploymentTarget = values(of: "IPHONEOS_DEPLOYMENT_TARGET", in: settings).compactMap { Double($0) }.min()
    if !iPhone.isEmpty { devices.iPhoneLandscape = iPhone.contains { $0.contains("Landscape") } }
    if !iPad.isEmpty { devices.iPadLandscape = iPad.contains { $0.contains("Landscape") } }
    return devices
}

/// A Swift package's devices, where no Xcode project governs `file`: every device (a manifest names no family or
/// orientation), and the deployment target of the nearest `Package.swift`'s `platforms:` (`.iOS(.v15)`,
/// `.iOS("15.4")`).
func packageDevices(forFile file: String) -> AppDevices {
    var devices = AppDevices()
    guard let manifest = nearest("Package.swift", above: file),
        let text = try? String(contentsOfFile: manifest, encoding: .utf8)
    else { return devices }
    devices.deploymentTarget = iOSPlatform(inManifest: text)
    return devices
}

/// The iOS version a package manifest's `platforms:` names (`.iOS(.v16_4)` is 16.4), if it names one.
func iOSPlatform(inManifest text: String) -> Double? {
    guard
        let r = text.range(
            of: #"\.iOS\(\s*(?:\.v(\d+)(?:_(\d+))?|"(\d+(?:\.\d+)?)[^"]*")\s*\)"#, options: .regularExpression)
    else { return nil }
    let call = text[r]
    if let q = call.firstIndex(of: "\"") {
        let digits = call[call.index(after: q)...].prefix { $0.isNumber || $0 == "." }
        return Double(digits.split(separator: ".").prefix(2).joined(separator: "."))
    }
    let version = call.drop { $0 != "v" }.dropFirst().prefix { $0.isNumber || $0 == "_" }
    return Double(version.replacingOccurrences(of: "_", with: "."))
}

/// The nearest file `name` in `file`'s folder or above it, as far as a repository root (`.git`).
func nearest(_ name: String, above file: String) -> String? {
    let fm = FileManager.default
    var dir = kernelFolder(ofFile: file)
    for _ in 0..<256 {
        let entries = (try? fm.contentsOfDirectory(atPath: dir)) ?? []
        if entries.contains(name) { return withTrailingSlash(dir) + name }
        if entries.contains(".git") || isSharedFolder(dir) { return nil }
        let parent = folderPart(of: dir)
        if parent.isEmpty || parent.sameKey(as: dir) { return nil }
        dir = parent
    }
    return nil
}

/// The folder holding the nearest `*.xcodeproj` (CocoaPods' `Pods.xcodeproj` aside) walking up from `file`'s folder
/// as the kernel resolves it (absolute), as far as a repository root (`.git`) or the file system root, and the
/// projects in it. (Walked as `findConfig` walks, by bytes: no `NSString` path call, one of which traps on some
/// paths.)
func xcodeProjects(above file: String) -> (String, [String])? {
    let fm = FileManager.default
    var dir = kernelFolder(ofFile: file)
    for _ in 0..<256 {
        let entries = (try? fm.contentsOfDirectory(atPath: dir)) ?? []
        let projects = entries.filter { $0.hasSuffix(".xcodeproj") && $0 != "Pods.xcodeproj" }.sorted().map {
            withTrailingSlash(dir) + $0
        }
        if !projects.isEmpty { return (dir, projects) }
        if entries.contains(".git") || isSharedFolder(dir) { return nil }
        let parent = folderPart(of: dir)
        if parent.isEmpty || parent.sameKey(as: dir) { return nil }
        dir = parent
    }
    return nil
}

/// The `.xcconfig` files of the project's folder, two levels down at most (a `Configuration/` folder), at most 50.
func xcconfigFiles(in folder: String) -> [String] {
    let fm = FileManager.default
    var found: [String] = []
    func scan(_ dir: String, depth: Int) {
        guard depth <= 2, found.count < 50, let entries = try? fm.contentsOfDirectory(atPath: dir) else { return }
        for e in entries.sorted() where !e.hasPrefix(".") && e != "Pods" && e != "node_modules" {
            let path = dir + "/" + e
            if e.hasSuffix(".xcconfig") { found.append(path); continue }
            var isDir: ObjCBool = false
            if depth < 2, fm.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue, !e.hasSuffix(".xcodeproj")
            {
                scan(path, depth: depth + 1)
            }
        }
    }
    scan(folder, depth: 0)
    return found
}

/// The values a build setting `key` is given (`KEY = value;` in a project, `KEY = value` in an xcconfig), unquoted.
func values(of key: String, in settings: String) -> [String] {
    var out: [String] = []
    for line in settings.split(whereSeparator: \.isNewline) {
        let t = line.drop(while: { $0 == " " || $0 == "\t" })
        guard t.hasPrefix(key) else { continue }
        let rest = t.dropFirst(key.count).drop(while: { $0 == " " || $0 == "\t" })
        // (`KEY[sdk=iphoneos*] = …` counts too; `KEY_iPad = …` is another key.)
        guard rest.first == "=" || rest.first == "[" else { continue }
        guard let eq = rest.firstIndex(of: "=") else { continue }
        var v = rest[rest.index(after: eq)...].trimmingCharacters(in: .whitespaces)
        if v.hasSuffix(";") { v.removeLast() }
        v = v.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
        if !v.isEmpty && !v.hasPrefix("$(") { out.append(v) }
    }
    return out
}

/// The orientations an Info.plist lists under `key` (`UISupportedInterfaceOrientations`, `…~ipad`).
func plistOrientations(_ text: String, key name: String) -> [String] {
    guard let key = text.range(of: "<key>\(name)</key>") else { return [] }
    let after = text[key.upperBound...]
    guard let open = after.range(of: "<array>"), let close = after.range(of: "</array>"),
        open.upperBound <= close.lowerBound
    else { return [] }
    return after[open.upperBound..<close.lowerBound].components(separatedBy: "<string>").dropFirst()
        .compactMap { $0.components(separatedBy: "</string>").first }
}

/// A Swift file's options: where neither the configuration nor `--environment` names environments, the devices
/// the app ships to (`LayoutEnvironment.shipping`, narrowed by what the project governing `file` declares).
public func checkingShippingDevices(_ options: inout LintOptions, forFile file: String) {
    guard options.environmentNames == nil, options.environments == nil, options.defaultEnvironments == nil else {
        return
    }
    options.defaultEnvironments = LayoutEnvironment.shipping(appDevices(forFile: file == "-" ? "./-" : file))
}
