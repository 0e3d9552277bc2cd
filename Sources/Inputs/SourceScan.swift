import Diagnostics
import ImportScanning
import ModuleGraph
import ParallelWork

/// The imports of every Swift source of a loaded graph, scanned in parallel, with what went wrong
/// on the way: files that could not be read and files the scanner had to stop in.
package struct SourceScan: Sendable {
    /// Per target, its files in path order.
    package var sources: [TargetID: [SourceFile]]
    /// Unreadable files and scanner issues, as diagnostics.
    package var problems: [Diagnostic]
    package var fileCount: Int
    package var unreadableCount: Int

    /// Files read and scanned this run.
    package var filesRead = 0
    /// Files whose scan came from the file cache, unread.
    package var filesSkipped = 0

    /// Reads and scans every Swift source of every target of `loaded`; with a `cache`, only
    /// those whose stamp changed (or that changed too recently to trust their stamp), and the
    /// cache is updated. A non-empty `inspection` (identifiers, declarations) is found in the same
    /// pass and stored with its key: a stored scan serves a run that asks for the same, or for
    /// nothing beyond imports.
    ///
    /// `only`: scan the files of these targets alone (`check --target`); the cache keeps what it
    /// holds for the others.
    package static func scan(_ loaded: LoadedGraph, cache: FileImportCache? = nil, inspection: SourceInspection = SourceInspection(),
                             only: Set<TargetID>? = nil) -> SourceScan {
        var files: [(target: TargetID, path: String, display: String)] = []
        for target in loaded.graph.targets where only?.contains(target.id) ?? true {
            guard let package = loaded.graph.package(target.id.package), let folder = loaded.folder(of: package) else { continue }
            // The target's folder made relative once, not once per file: a warm run does little else per file.
            let targetFolder = "\(folder)/\(target.path)"
            let shownFolder = FileSystem.relativePath(targetFolder, to: loaded.root)
            for source in target.sources where source.hasSuffix(".swift") {
                let shown = shownFolder == "." ? source : "\(shownFolder)/\(source)"
                // A source path with a `.` component or `//` is normalized the long way.
                let isPlain = isPlainRelative(source)
                files.append((target.id, "\(targetFolder)/\(source)", isPlain ? shown : FileSystem.relativePath(targetFolder + "/" + source, to: loaded.root)))
            }
        }
        // Taken before any stamp: a file changed after this instant is never stored as settled.
        let scanStart = FileStamp.now()
        let stored = cache?.load() ?? [:]
        var entries: [String: FileImportCache.Entry] = [:]
        var outcomes: [Result<(ScanResult, [Int: String]), SourceReadError>?] = Array(repeating: nil, count: files.count)
        var stamps: [FileStamp?] = Array(repeating: nil, count: files.count)
        var misses: [Int] = []
        let restored = cache == nil ? [] : restore(files.map { ($0.target, $0.path) }, from: stored, inspection: inspection)
        for (index, file) in files.enumerated() {
            if cache != nil {
                stamps[index] = restored[index].stamp
                if let scan = restored[index].scan {
                    outcomes[index] = .success(scan)
                    entries[file.path] = stored[file.path]
                    continue
                }
            }
            misses.append(index)
        }
        var result = SourceScan(sources: [:], problems: [], fileCount: files.count, unreadableCount: 0)
        result.filesRead = misses.count
        result.filesSkipped = files.count - misses.count
        var position = 0
        ParallelFileProcessor().process(misses.map { files[$0].path }) { _, contents -> Result<(ScanResult, [Int: String]), SourceReadError> in
            contents.map { bytes in
                let scan = ImportScanner.scan(bytes, inspecting: inspection)
                let positions = scan.imports.map(\.position) + scan.identifiers.map(\.position) + scan.declarations.map(\.position)
                    + scan.declarations.flatMap(\.inheritancePositions)
                return (scan, lineTexts(of: positions, in: bytes))
            }
        } emit: { batch in
            for outcome in batch {
                let index = misses[position]
                position += 1
                outcomes[index] = outcome
                if case .success(let (scan, lines)) = outcome, let stamp = stamps[index], stamp.isSettled(before: scanStart),
                   let cached = CachedScan.encode(scan, lineTexts: lines, inspection: inspection) {
                    entries[files[index].path] = FileImportCache.Entry(stamp: stamp, scan: cached)
                }
            }
        }
        for (file, outcome) in zip(files, outcomes) {
            switch outcome {
            case .success(let (scan, lines)):
                result.sources[file.target, default: []].append(SourceFile(path: file.display, imports: scan.imports, lineTexts: lines, directives: scan.directives,
                                                                           identifiers: scan.identifiers, declarations: scan.declarations))
                result.problems += scan.issues.map { SourceProblem.diagnostic(for: $0, in: file.display) }
            case .failure(let error):
                let failure = SourceProblem.readFailure(file.display, error)
                if failure.isUnreadable { result.unreadableCount += 1 }
                result.problems.append(failure.diagnostic)
            case nil:
                break
            }
        }
        // A narrowed scan leaves the entries of the files it did not look at as they were.
        if only != nil {
            let looked = Set(files.map(\.path))
            for (path, entry) in stored where entries[path] == nil && !looked.contains(path) { entries[path] = entry }
        }
        // Rewritten only when it would change: a warm run writes nothing.
        if let cache, entries.count != stored.count || !misses.isEmpty {
            cache.save(entries)
        }
        return result
    }

    /// Each file's stamp and, when the cache holds a scan under that stamp for what this run
    /// looks for, the scan: in parallel, a target's files at a time. A warm run does nothing
    /// else with its files, and one core took as long as reading them all.
    private static func restore(
        _ files: [(target: TargetID, path: String)], from stored: [String: FileImportCache.Entry], inspection: SourceInspection
    ) -> [(stamp: FileStamp?, scan: (ScanResult, [Int: String])?)] {
        // The files come target by target; each range is one target's.
        let ranges: [Range<Int>] = {
            var ranges: [Range<Int>] = []
            var start = 0
            for index in files.indices.dropFirst() where files[index].target != files[index - 1].target {
                ranges.append(start..<index)
                start = index
            }
            if start < files.count { ranges.append(start..<files.count) }
            return ranges
        }()
        let restored = ParallelMap.threads().run(ranges.count) { rangeIndex in
            // Equal clause tables are shared within a target (`ConditionMemo`).
            var conditions = ConditionMemo()
            return ranges[rangeIndex].map { index -> (stamp: FileStamp?, scan: (ScanResult, [Int: String])?) in
                guard let stamp = FileStamp(path: files[index].path) else { return (nil, nil) }
                guard let entry = stored[files[index].path], entry.stamp == stamp,
                      let decoded = CachedScan.decode(entry.scan, conditions: &conditions),
                      inspection.isEmpty || decoded.inspectionKey == inspection.key else { return (stamp, nil) }
                return (stamp, (decoded.scan, decoded.lineTexts))
            }
        }
        return restored.flatMap { $0 }
    }

    /// Whether `path` has no component that starts with `.` and no empty one, so joining it to a
    /// folder needs no normalizing. Read as bytes: Foundation's `contains` took longer per file
    /// than everything else a warm run does with it.
    private static func isPlainRelative(_ path: String) -> Bool {
        var previous = UInt8(ascii: "/")
        for byte in path.utf8 {
            if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")) { return false }
            previous = byte
        }
        return true
    }

    /// The text of each line that holds one of `positions`, trimmed.
    private static func lineTexts(of positions: [SourcePosition], in bytes: UnsafeBufferPointer<UInt8>) -> [Int: String] {
        var texts: [Int: String] = [:]
        for position in positions where texts[position.line] == nil {
            var start = position.offset - (position.column - 1)
            var end = position.offset
            while end < bytes.count && bytes[end] != 10 && bytes[end] != 13 { end += 1 }
            // Trimmed at both ends, so an editor that strips trailing spaces does not churn baselines.
            while start < end && (bytes[start] == 32 || bytes[start] == 9) { start += 1 }
            while end > start && (bytes[end - 1] == 32 || bytes[end - 1] == 9) { end -= 1 }
            texts[position.line] = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        return texts
    }

    /// Target → the targets whose modules its sources import, in builds `environment` describes.
    /// A module name is looked up in the importing target's own package first.
    package func edges(in graph: ModuleGraph, environment: BuildEnvironment) -> [TargetID: Set<TargetID>] {
        var edges: [TargetID: Set<TargetID>] = [:]
        for (target, files) in sources {
            for file in files {
                for declaration in file.imports where environment.mayCompile(declaration) {
                    for imported in graph.targets(importedAs: declaration.module, from: target) where imported != target {
                        edges[target, default: []].insert(imported)
                    }
                }
            }
        }
        return edges
    }
}
