import Caches
import Diagnostics
import FileAccess
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
    /// Of the files read, those read ahead while the toolchain answered (`SourcePrefetch`).
    package var filesReadAhead = 0
    /// Of the files skipped, those restored from the cache while the packages loaded.
    package var filesRestoredAhead = 0

    /// Reads and scans every Swift source of every target of `loaded`; with a `cache`, only
    /// those whose stamp changed (or that changed too recently to trust their stamp), and the
    /// cache is updated. A non-empty `inspection` (identifiers, declarations) is found in the same
    /// pass and stored with its key: a stored scan serves a run that asks for the same, or for
    /// nothing beyond imports.
    ///
    /// `only`: scan the files of these targets alone (`check --target`); the cache keeps what it
    /// holds for the others.
    ///
    /// `prefetched`: what was restored and read ahead (`SourcePrefetch`) with the same `cache`;
    /// a file read ahead whose stamp is still the same is not read again.
    package static func scan(_ loaded: LoadedGraph, cache: FileImportCache? = nil, inspection: SourceInspection = SourceInspection(),
                             only: Set<TargetID>? = nil, prefetched: SourcePrefetch.Found = SourcePrefetch.Found()) -> SourceScan {
        // Files target by target, each target's a range of them: a warm run does little else per
        // file, so nothing here hashes or copies a target's name per file.
        var paths: [String] = []
        var shownPaths: [String] = []
        var targetRanges: [(target: TargetID, files: Range<Int>)] = []
        for target in loaded.graph.targets where only?.contains(target.id) ?? true {
            guard let package = loaded.graph.package(target.id.package), let folder = loaded.folder(of: package) else { continue }
            // The target's folder made relative once, not once per file.
            let targetFolder = "\(folder)/\(target.path)"
            let shownFolder = FileSystem.relativePath(targetFolder, to: loaded.root)
            // Each path made with one concatenation (one allocation), not two.
            let pathPrefix = targetFolder + "/"
            let shownPrefix = shownFolder == "." ? "" : shownFolder + "/"
            let first = paths.count
            for source in target.sources where source.hasSuffix(".swift") {
                let path = pathPrefix + source
                paths.append(path)
                // A source path with a `.` component or `//` is normalized the long way.
                shownPaths.append(isPlainRelative(source) ? shownPrefix + source : FileSystem.relativePath(path, to: loaded.root))
            }
            if paths.count > first { targetRanges.append((target.id, first..<paths.count)) }
        }
        // Taken before any stamp: a file changed after this instant is never stored as settled.
        let scanStart = FileStamp.now()
        let stored = cache == nil ? [:] : prefetched.stored ?? cache?.load() ?? [:]
        var outcomes: [Result<(ScanResult, [Int: String]), SourceReadError>?] = Array(repeating: nil, count: paths.count)
        var stamps: [FileStamp?] = Array(repeating: nil, count: paths.count)
        var misses: [Int] = []
        var result = SourceScan(sources: [:], problems: [], fileCount: paths.count, unreadableCount: 0)
        if cache != nil {
            var restored = restore(paths, in: targetRanges.map(\.files), from: stored, inspection: inspection, restoredAhead: prefetched.restored)
            // Each file's scan moved out of what the workers made (last first), not copied: a
            // copy retains, and the copy left behind releases, every array a scan holds.
            for (rangeIndex, range) in targetRanges.map(\.files).enumerated().reversed() {
                for index in range.reversed() {
                    let file = restored[rangeIndex].removeLast()
                    stamps[index] = file.stamp
                    if let scan = file.scan { outcomes[index] = .success(scan) } else { misses.append(index) }
                    if file.isAhead { result.filesRestoredAhead += 1 }
                }
            }
            misses.reverse()
        } else {
            misses = Array(paths.indices)
        }
        var scanned: [String: FileImportCache.Entry] = [:]
        var position = 0
        /// A settled file's new scan, for the cache to store.
        func keep(_ scan: ScanResult, _ lines: [Int: String], under stamp: FileStamp, at index: Int, encoded: [UInt8]? = nil) {
            guard let cached = encoded ?? CachedScan.encode(scan, lineTexts: lines, inspection: inspection) else { return }
            scanned[paths[index]] = FileImportCache.Entry(stamp: stamp, scan: cached)
        }
        // Every file the cache did not answer for was read this run, now or ahead.
        let unrestored = misses
        result.filesRead = unrestored.count
        result.filesSkipped = paths.count - unrestored.count
        // Files read ahead while the toolchain answered, unchanged since (`SourcePrefetch`).
        if !prefetched.read.isEmpty {
            let before = misses.count
            defer { result.filesReadAhead = before - misses.count }
            misses.removeAll { index in
                guard let early = prefetched.read[paths[index]], let stamp = stamps[index], early.stamp == stamp else { return false }
                outcomes[index] = .success((early.scan, early.lineTexts))
                if early.isSettled { keep(early.scan, early.lineTexts, under: stamp, at: index, encoded: early.encoded) }
                return true
            }
        }
        ParallelFileProcessor().process(misses.map { paths[$0] }) { _, contents -> Result<(ScanResult, [Int: String]), SourceReadError> in
            contents.map { bytes in Self.scanned(bytes, inspection: inspection) }
        } emit: { batch in
            for outcome in batch {
                let index = misses[position]
                position += 1
                outcomes[index] = outcome
                if case .success(let (scan, lines)) = outcome, let stamp = stamps[index], stamp.isSettled(before: scanStart) {
                    keep(scan, lines, under: stamp, at: index)
                }
            }
        }
        result.sources.reserveCapacity(targetRanges.count)
        for (target, range) in targetRanges {
            var files: [SourceFile] = []
            files.reserveCapacity(range.count)
            for index in range {
                // Taken, so the file keeps the scan's arrays without another reference to them.
                switch outcomes[index].take() {
                case .success(let (scan, lines)):
                    files.append(SourceFile(path: shownPaths[index], imports: scan.imports, lineTexts: lines, directives: scan.directives,
                                            identifiers: scan.identifiers, declarations: scan.declarations))
                    if !scan.issues.isEmpty { result.problems += scan.issues.map { SourceProblem.diagnostic(for: $0, in: shownPaths[index]) } }
                case .failure(let error):
                    let failure = SourceProblem.readFailure(shownPaths[index], error)
                    if failure.isUnreadable { result.unreadableCount += 1 }
                    result.problems.append(failure.diagnostic)
                case nil:
                    break
                }
            }
            // Stored as made (a target has one range): appending to an empty array copied
            // every file, retaining each of its arrays once more.
            if files.isEmpty { continue }
            if result.sources[target] == nil { result.sources[target] = files } else { result.sources[target]! += files }
        }
        // Rewritten only when it would change: a warm run (every file a hit, every stored entry
        // one of them) writes nothing and builds no new table.
        if let cache, let entries = entriesToSave(stored: stored, paths: paths, misses: unrestored, scanned: scanned, narrowed: only != nil) {
            cache.save(entries)
        }
        return result
    }

    /// What the cache should hold after a scan of `paths`, or nil when that is what it holds: the
    /// new entries of files scanned (and settled), else each file's stored entry, and after a
    /// narrowed scan the stored entries of the files it did not look at. A file changed too
    /// recently to store keeps its old entry, which no longer matches its stamp: a run right
    /// after an edit then rewrites nothing (the whole table, megabytes on a large repository),
    /// and the next run reads the file once more and stores it.
    private static func entriesToSave(stored: [String: FileImportCache.Entry], paths: [String], misses: [Int],
                                      scanned: [String: FileImportCache.Entry], narrowed: Bool) -> [String: FileImportCache.Entry]? {
        // Every file a hit: the kept entries are the files' own, which are all of them unless the
        // cache holds files no longer scanned (and a narrowed scan keeps those).
        if misses.isEmpty && (narrowed || stored.count == paths.count) { return nil }
        var entries = scanned
        for path in paths where entries[path] == nil {
            if let entry = stored[path] { entries[path] = entry }
        }
        if narrowed {
            let looked = Set(paths)
            for (path, entry) in stored where entries[path] == nil && !looked.contains(path) { entries[path] = entry }
        }
        // Nothing new: the entries are stored ones, so the same count is the same table.
        return !scanned.isEmpty || entries.count != stored.count ? entries : nil
    }

    /// Each file's stamp and, when the cache holds a scan under that stamp for what this run
    /// looks for, the scan, by target range: in parallel, a target's files at a time. A warm run
    /// does nothing else with its files, and one core took as long as reading them all.
    private static func restore(
        _ paths: [String], in targetRanges: [Range<Int>], from stored: [String: FileImportCache.Entry], inspection: SourceInspection,
        restoredAhead: [String: (stamp: FileStamp, scan: ScanResult, lineTexts: [Int: String])]
    ) -> [[(stamp: FileStamp?, scan: (ScanResult, [Int: String])?, isAhead: Bool)]] {
        typealias Restored = (stamp: FileStamp?, scan: (ScanResult, [Int: String])?, isAhead: Bool)
        @Sendable func takenAhead(_ index: Int) -> Restored? {
            guard !restoredAhead.isEmpty, let ahead = restoredAhead[paths[index]] else { return nil }
            return (ahead.stamp, (ahead.scan, ahead.lineTexts), true)
        }
        // A target whose every file was restored ahead is taken here, on this thread: on a warm
        // run that is every target, and starting threads for it cost more than the taking, while
        // the targets' builds were being made on the other cores.
        var restored = [[Restored]](repeating: [], count: targetRanges.count)
        var unrestored: [Int] = []
        for (rangeIndex, range) in targetRanges.enumerated() {
            var files: [Restored] = []
            files.reserveCapacity(range.count)
            for index in range {
                guard let file = takenAhead(index) else { break }
                files.append(file)
            }
            if files.count == range.count { restored[rangeIndex] = files } else { unrestored.append(rangeIndex) }
        }
        guard !unrestored.isEmpty else { return restored }
        let unrestoredRanges = unrestored
        let rest = ParallelMap.threads().run(unrestoredRanges.count) { position in
            // Equal clause tables are shared within a target (`ConditionMemo`).
            var conditions = ConditionMemo()
            return targetRanges[unrestoredRanges[position]].map { index -> Restored in
                if let file = takenAhead(index) { return file }
                guard let stamp = FileStamp(path: paths[index]) else { return (nil, nil, false) }
                return (stamp, stored[paths[index]].flatMap { storedScan($0, under: stamp, inspection: inspection, conditions: &conditions) }, false)
            }
        }
        for (position, rangeIndex) in unrestoredRanges.enumerated() { restored[rangeIndex] = rest[position] }
        return restored
    }

    /// The scan `entry` holds, when it was stored under `stamp` (the file is unchanged) for what
    /// `inspection` asks (or for anything, when it asks only for imports); nil otherwise, or when
    /// its bytes do not decode.
    static func storedScan(_ entry: FileImportCache.Entry, under stamp: FileStamp, inspection: SourceInspection,
                           conditions: inout ConditionMemo) -> (ScanResult, [Int: String])? {
        guard entry.stamp == stamp, let decoded = CachedScan.decode(entry.scan, conditions: &conditions),
              inspection.isEmpty || decoded.inspectionKey == inspection.key else { return nil }
        return (decoded.scan, decoded.lineTexts)
    }

    /// Whether `path` has no component that starts with `.` and no empty one, so joining it to a
    /// folder needs no normalizing. Read as bytes: Foundation's `contains` took longer per file
    /// than everything else a warm run does with it.
    private static func isPlainRelative(_ path: String) -> Bool {
        var path = path
        return path.withUTF8 { bytes in
            var previous = UInt8(ascii: "/")
            for byte in bytes {
                if previous == UInt8(ascii: "/") && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "/")) { return false }
                previous = byte
            }
            return true
        }
    }

    /// A file's scan, and the texts of the lines its findings may point at.
    static func scanned(_ bytes: UnsafeBufferPointer<UInt8>, inspection: SourceInspection) -> (ScanResult, [Int: String]) {
        let scan = ImportScanner.scan(bytes, inspecting: inspection)
        let positions = scan.imports.map(\.position) + scan.identifiers.map(\.position) + scan.declarations.map(\.position)
            + scan.declarations.flatMap(\.inheritancePositions)
        return (scan, lineTexts(of: positions, in: bytes))
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
