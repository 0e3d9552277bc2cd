import DeclarationFiles
import Foundation
import ImportScanning

// The manifest editor on arbitrary bytes. Oracle: `add`, `remove` and `removeDuplicate` of names
// taken from the input never trap, and every edit that succeeds is checked here again, independently of the
// editor's own re-read: the new token sequence is the old one with one contiguous run inserted
// (add) or removed (remove, removeDuplicate, which also leaves the name in the file), that run is the element (plus at most one comma; for a new argument
// `dependencies: [element]`), and it sits in the `dependencies:` list of the target's own
// `.factory(name: "T", …)` call. And on a sample of the edits that succeed (1 in 200, chosen by
// the input's bytes so a replay takes the same path), what SwiftPM reads: `swift package
// dump-package` of a temporary package holding the manifest before and after (`SwiftPMReading`)
// differs only in that target's dependencies, by the intended entry.

private struct Token: Equatable {
    var kind: SourceToken.Kind
    var bytes: ArraySlice<UInt8>
    var text: String?
}

private func tokens(_ bytes: [UInt8]) -> [Token] {
    SourceToken.tokenize(bytes).map { token in
        let start = min(token.position.offset, bytes.count)
        return Token(kind: token.kind, bytes: bytes[start..<min(max(token.end, start), bytes.count)], text: token.text)
    }
}

private func isPunctuation(_ token: Token, _ text: String) -> Bool { token.kind == .other && token.bytes.elementsEqual(text.utf8) }

/// Every way `longer` is `shorter` with one contiguous run inserted: where, and the run. A run
/// can slide while the token before it equals its last one (`, "B"` after `"B"` is also
/// `"B" ,`), so the oracle accepts the edit when any of those readings is the intended one.
private func insertedRuns(_ shorter: [Token], _ longer: [Token]) -> [(at: Int, run: ArraySlice<Token>)] {
    guard longer.count > shorter.count else { return [] }
    var prefix = 0
    while prefix < shorter.count, shorter[prefix] == longer[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < shorter.count - prefix, shorter[shorter.count - 1 - suffix] == longer[longer.count - 1 - suffix] { suffix += 1 }
    guard prefix + suffix == shorter.count else { return [] }
    let length = longer.count - shorter.count
    var at = prefix
    var runs = [(at, longer[at..<(at + length)])]
    while at > 0, longer[at - 1] == longer[at - 1 + length] {
        at -= 1
        runs.append((at, longer[at..<(at + length)]))
    }
    return runs
}

/// Whether the position `index` of `tokens` is inside the dependencies list (or, for a new
/// argument, directly inside the call) of `target`'s declaration.
private func isInDeclaration(of target: String, at index: Int, in tokens: [Token], list: Bool) -> Bool {
    var open: [Int] = []
    for position in 0..<index {
        switch tokens[position].kind {
        case .openParenthesis, .openBracket: open.append(position)
        case .closeParenthesis, .closeBracket: _ = open.popLast()
        default: break
        }
    }
    var call = open.last
    if list {
        guard let bracket = open.popLast(), tokens[bracket].kind == .openBracket, bracket >= 2,
              tokens[bracket - 1].kind == .colon, tokens[bracket - 2].text == "dependencies" else { return false }
        call = open.last
    }
    guard let call, tokens[call].kind == .openParenthesis, call >= 2, call + 3 < tokens.count,
          isPunctuation(tokens[call - 2], "."), ["target", "executableTarget", "testTarget", "macro", "plugin"].contains(tokens[call - 1].text ?? ""),
          tokens[call + 1].text == "name", tokens[call + 2].kind == .colon, tokens[call + 3].kind == .stringLiteral, tokens[call + 3].text == target
    else { return false }
    return true
}

private func checkAdd(_ spelling: String, to target: String, before: [UInt8], after: [UInt8]) {
    let old = tokens(before), new = tokens(after)
    let runs = insertedRuns(old, new)
    guard !runs.isEmpty else { fatalError("add: not one inserted run") }
    // The element alone (an empty list), with its comma on either side, or a new argument, in
    // the target's own declaration.
    let listForms = [spelling, ", " + spelling, spelling + ","].map { tokens(Array($0.utf8)) }
    let argumentForms = [", dependencies: [\(spelling)]", "dependencies: [\(spelling)],"].map { tokens(Array($0.utf8)) }
    let intended = runs.contains { at, run in
        let inside = run.first.map { isPunctuation($0, ",") } == true ? at + 1 : at
        if listForms.contains(where: { run.elementsEqual($0) }) { return isInDeclaration(of: target, at: inside, in: new, list: true) }
        if argumentForms.contains(where: { run.elementsEqual($0) }) { return isInDeclaration(of: target, at: inside, in: new, list: false) }
        return false
    }
    guard intended else { fatalError("add: the inserted run is not the element in \(target)'s declaration") }
}

private func checkRemove(_ name: String, from target: String, before: [UInt8], after: [UInt8]) {
    let old = tokens(before), new = tokens(after)
    let runs = insertedRuns(new, old)
    guard !runs.isEmpty else { fatalError("remove: not one removed run") }
    let intended = runs.contains { at, run in
        var element = run
        if let first = element.first, isPunctuation(first, ",") { element = element.dropFirst() }
        else if let last = element.last, isPunctuation(last, ",") { element = element.dropLast() }
        let tokens = Array(element)
        let names = tokens.count == 1 ? tokens[0].kind == .stringLiteral && tokens[0].text == name
            : tokens.count > 5 && isPunctuation(tokens[0], ".") && tokens[2].kind == .openParenthesis && tokens[3].text == "name"
                && tokens[4].kind == .colon && tokens[5].kind == .stringLiteral && tokens[5].text == name
        let inside = run.first.map { isPunctuation($0, ",") } == true ? at + 1 : at
        return names && isInDeclaration(of: target, at: inside, in: old, list: true)
    }
    guard intended else { fatalError("remove: the removed run is not an element naming \(name) in \(target)'s list") }
    // The list still reads: no new doubled comma, no new comma right after `[`.
    func strayCommas(_ tokens: [Token]) -> Int {
        tokens.indices.dropFirst().filter {
            isPunctuation(tokens[$0], ",") && (isPunctuation(tokens[$0 - 1], ",") || tokens[$0 - 1].kind == .openBracket)
        }.count
    }
    guard strayCommas(new) <= strayCommas(old) else { fatalError("remove: a stray comma") }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var names: [String] = []
    for token in SourceToken.tokenize(bytes) where token.kind == .stringLiteral {
        if let text = token.text, !names.contains(text) { names.append(text) }
        if names.count == 4 { break }
    }
    if names.isEmpty { names = ["A"] }
    for target in names.prefix(3) {
        for spelling in ["\"Zed\"", ".product(name: \"P\", package: \"p\")"] {
            var editor = ManifestEditor(bytes: bytes)
            if (try? editor.add(spelling, to: target)) != nil {
                checkAdd(spelling, to: target, before: bytes, after: editor.bytes)
                // A product of package `p`, which the manifest does not declare, is refused by SwiftPM:
                // only the name is compared with what it reads.
                if spelling == "\"Zed\"" { SwiftPMReading.check(.added("Zed"), of: target, before: bytes, after: editor.bytes) }
            }
        }
        for name in names {
            var editor = ManifestEditor(bytes: bytes)
            if (try? editor.remove(name, from: target)) != nil {
                checkRemove(name, from: target, before: bytes, after: editor.bytes)
                SwiftPMReading.check(.removed(name), of: target, before: bytes, after: editor.bytes)
            }
            var duplicate = ManifestEditor(bytes: bytes)
            if (try? duplicate.removeDuplicate(name, from: target)) != nil {
                checkRemove(name, from: target, before: bytes, after: duplicate.bytes)
                // Another element naming it stays: the name is still a literal of the manifest.
                guard tokens(duplicate.bytes).contains(where: { $0.kind == .stringLiteral && $0.text == name }) else {
                    fatalError("removeDuplicate: no element names \(name) any more")
                }
                SwiftPMReading.check(.removedDuplicate(name), of: target, before: bytes, after: duplicate.bytes)
            }
        }
    }
    return 0
}

/// What SwiftPM reads of an edited manifest, compared with what it read before the edit.
private enum SwiftPMReading {
    enum Change {
        /// An entry naming this (the product's or the target's name) was added.
        case added(String)
        /// One entry naming this was removed, and another still names it.
        case removedDuplicate(String)
        /// One entry naming this was removed.
        case removed(String)
    }

    /// One edit in `sampleRate` is compared: each comparison loads the manifest twice.
    /// `FUZZ_SWIFTPM_SAMPLE=1` compares every edit (to replay an input, or try the comparison).
    static let sampleRate: UInt64 = ProcessInfo.processInfo.environment["FUZZ_SWIFTPM_SAMPLE"].flatMap { UInt64($0) }.map { max($0, 1) } ?? 200
    /// A manifest SwiftPM takes longer than this to load is not compared (a loop in it, a slow machine).
    static let timeoutSeconds = 60

    /// The `swift` executable on the PATH; nil (and every comparison skipped) without one.
    static let swift: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        return path.split(separator: ":").map { "\($0)/swift" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    static func check(_ change: Change, of target: String, before: [UInt8], after: [UInt8]) {
        guard swift != nil, sampled(after) else { return }
        // One folder for both readings: SwiftPM's answer holds the package's path.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-fuzz-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // One line per sampled edit, so the log counts them.
        guard let old = dump(before, in: folder) else { return note("SwiftPMReading: SwiftPM does not load the manifest; not compared") }
        guard let new = dump(after, in: folder) else { fatalError("SwiftPM loads the manifest before the edit of \(target) and not after") }
        note("SwiftPMReading: compared an edit of \(target) with SwiftPM's reading")
        guard let oldEntries = dependencies(of: target, in: old), let newEntries = dependencies(of: target, in: new) else {
            fatalError("SwiftPM does not read one target \(target) before and after the edit")
        }
        precondition(canonical(without(target, in: old)) == canonical(without(target, in: new)),
                     "SwiftPM reads a change outside \(target)'s dependencies")
        let oldKeys = oldEntries.map(canonical), newKeys = newEntries.map(canonical)
        switch change {
        case .added(let name):
            precondition(newKeys.count == oldKeys.count + 1 && newKeys.indices.contains { index in
                names(newEntries[index]) == name && Array(newKeys[..<index] + newKeys[(index + 1)...]) == oldKeys
            }, "SwiftPM reads \(target)'s dependencies as other than the old ones plus one naming \(name)")
        case .removed(let name), .removedDuplicate(let name):
            precondition(oldKeys.count == newKeys.count + 1 && oldKeys.indices.contains { index in
                names(oldEntries[index]) == name && Array(oldKeys[..<index] + oldKeys[(index + 1)...]) == newKeys
            }, "SwiftPM reads \(target)'s dependencies as other than the old ones less one naming \(name)")
            if case .removedDuplicate = change {
                precondition(newEntries.contains { names($0) == name }, "SwiftPM reads no entry naming \(name) after removing a duplicate")
            }
        }
    }

    private static func note(_ line: String) {
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }

    /// FNV-1a of the bytes: the same input is sampled on every run and every replay.
    private static func sampled(_ bytes: [UInt8]) -> Bool {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return hash % sampleRate == 0
    }

    /// `swift package dump-package` of a temporary package holding `manifest`; nil when SwiftPM
    /// does not load it or takes too long. Its output goes to a file, so a large one cannot fill
    /// a pipe nobody reads while waiting.
    private static func dump(_ manifest: [UInt8], in folder: URL) -> [String: Any]? {
        guard let swift else { return nil }
        // A scratch folder of its own each time, so no cached evaluation answers for the other manifest.
        let scratch = folder.appendingPathComponent("scratch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(manifest).write(to: folder.appendingPathComponent("Package.swift"))
            guard FileManager.default.createFile(atPath: folder.appendingPathComponent("out.json").path, contents: nil) else { return nil }
            let output = try FileHandle(forWritingTo: folder.appendingPathComponent("out.json"))
            defer { try? output.close() }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: swift)
            process.arguments = ["package", "--package-path", folder.path, "--scratch-path", scratch.path, "dump-package"]
            process.standardOutput = output
            process.standardError = ProcessInfo.processInfo.environment["FUZZ_SWIFTPM_SAMPLE"] == nil ? FileHandle.nullDevice : FileHandle.standardError
            process.standardInput = FileHandle.nullDevice
            try process.run()
            let deadline = Date().addingTimeInterval(TimeInterval(timeoutSeconds))
            while process.isRunning {
                if Date() > deadline {
                    process.terminate()
                    process.waitUntilExit()
                    return nil
                }
                Thread.sleep(forTimeInterval: 0.02)
            }
            guard process.terminationStatus == 0 else { return nil }
            let json = try Data(contentsOf: folder.appendingPathComponent("out.json"))
            return try JSONSerialization.jsonObject(with: json) as? [String: Any]
        } catch {
            return nil
        }
    }

    private static func dependencies(of target: String, in package: [String: Any]) -> [Any]? {
        let matching = (package["targets"] as? [[String: Any]] ?? []).filter { $0["name"] as? String == target }
        guard matching.count == 1 else { return nil }
        return matching[0]["dependencies"] as? [Any] ?? []
    }

    /// The package with `target`'s dependencies emptied: what must not change.
    private static func without(_ target: String, in package: [String: Any]) -> [String: Any] {
        var copy = package
        copy["targets"] = (package["targets"] as? [[String: Any]] ?? []).map { entry -> [String: Any] in
            var entry = entry
            if entry["name"] as? String == target { entry["dependencies"] = [Any]() }
            return entry
        }
        return copy
    }

    /// The name an entry gives first: `{"byName": ["Zed", null]}`, `{"product": ["P", "p", …]}`.
    private static func names(_ entry: Any) -> String? {
        guard let entry = entry as? [String: Any], entry.count == 1, let fields = entry.values.first as? [Any] else { return nil }
        return fields.first as? String
    }

    private static func canonical(_ value: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys, .fragmentsAllowed])) ?? Data()
    }
}
