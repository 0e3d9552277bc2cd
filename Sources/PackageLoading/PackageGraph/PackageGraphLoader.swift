import Caches
import Diagnostics
import FileAccess
import Foundation
import ModuleGraph
import ParallelWork
import Synchronization
import XcodeProjects

/// The module graph of one package, or of every package in a repository, with what Bulkhead had
/// to assume on the way.
package struct LoadedGraph: Sendable {
    package var graph: ModuleGraph
    /// The root of the run, absolute (see `WorkspaceRoot`); package paths in the graph are
    /// relative to it, also when `--package-path` narrowed loading to a folder below it.
    package var root: String
    /// Things a person should know: a package loaded without `describe`, for instance.
    package var warnings: [LoadWarning]
    /// The number of `swift package` invocations the load made.
    package var toolchainCalls: Int
    /// The questions the graph cache answered instead of the toolchain.
    package var toolchainCallsSkipped = 0
    /// How long finding the package folders took, of the whole load.
    package var discoveryDuration: Duration = .zero
    /// Whether the graph is the one an earlier load stored (`LoadedGraphCache`), nothing having
    /// changed that it was made from.
    package var isStoredGraph = false
    /// `dump-package` output per local package identity, for comparing manifests over time.
    package var manifestDumps: [String: Data]
    /// Every folder discovery took or skipped, relative to the folder it searched, for `--verbose`.
    package var discovery: [PackageDiscovery.Decision] = []
    /// The Xcode projects read, by their node's identity, for comparing a changed
    /// `project.pbxproj` target by target.
    package var projects: [String: XcodeProject] = [:]
    /// Project generators' specs whose project is not generated, so their app goes unread.
    package var ungeneratedSpecs: [ProjectSpec] = []
    /// Packages and projects that could not be loaded, sorted: each is a `package-unloadable`
    /// finding, and the rest of the graph is loaded without it.
    package var unloadable: [UnloadableUnit] = []
    /// The toolchain's compiler version (`ToolchainVersion`), for deciding `compiler(>=…)` and
    /// `swift(>=…)`; nil when no toolchain answered.
    package var toolchainVersion: [Int]?

    /// The absolute folder of a local package.
    package func folder(of package: PackageNode) -> String? {
        package.localPath.map { FileSystem.absolutePath($0, relativeTo: root) }
    }
}

/// Loads the graph through the toolchain with one question per package, `dump-package`
/// (targets, settings, product types, requirements, conditions), all at once up to `width`
/// questions, merged into one `ModuleGraph`; paths, sources, resources and module names follow
/// from SwiftPM's layout rules (`DefaultTargetLayout`). `describe` is asked only about a package
/// those rules cannot settle (`PackageLayout.undecided`). The questions go to a
/// `PackageDescriber`: the real `swift` (its timeout set on the `SwiftPackageTool`), or
/// recordings in tests. With a `GraphCache`, a package whose key did not change is not asked.
///
/// The Xcode projects discovery finds are read too (no toolchain call) and join the graph as
/// project nodes, with the local packages they reference.
/// A package's `.package(path:)` dependencies are loaded too, so edges cross packages. Products of
/// remote packages map to modules through `.build/checkouts` when present. When `describe` fails
/// (a binary artifact that is built elsewhere, say), the package is loaded from `dump-package`
/// with SwiftPM's default paths, and a warning says so.
///
/// A package the toolchain refuses (a tools version newer than the toolchain, a manifest that
/// does not compile or stops, a package SwiftPM rejects) does not stop the load unless it is the
/// package the run was pointed at: it becomes an `UnloadableUnit`, a dependency on it is left
/// unresolved, and the refusal is cached under the package's key like an answer. A failure of the
/// tool itself (a timeout, a crash, no toolchain) still ends the load.
package struct PackageGraphLoader: Sendable {
    package var describer: any PackageDescriber
    /// How many toolchain questions are asked at once (`--jobs`).
    package var width: Int
    /// Nil: every package is asked (`--no-cache`).
    package var cache: GraphCache?
    /// Told (answered, asked) after each toolchain question of a round, from worker threads.
    package var progress: (@Sendable (Int, Int) -> Void)?
    /// Where checkouts are looked for besides `.build/checkouts`.
    package var checkoutLocations = CheckoutLocations()
    /// Reads the Swift files discovery found on the cores the toolchain leaves idle, when the
    /// load asks it anything.
    package var prefetch: SourcePrefetch?

    /// Each question waits on a child process, so more than one per core pays.
    package static var defaultWidth: Int { ParallelMap.blockingWidth }

    package init(describer: any PackageDescriber = SwiftPackageTool(), width: Int = PackageGraphLoader.defaultWidth,
                 cache: GraphCache? = nil, progress: (@Sendable (Int, Int) -> Void)? = nil) {
        self.describer = describer
        self.width = width
        self.cache = cache
        self.progress = progress
    }

    /// Every package below `path` (a package's nested packages included), as the root of the
    /// run: package paths in the graph are relative to it.
    package func load(at path: String, relativeTo base: String = FileSystem.currentDirectory) throws(InputError) -> LoadedGraph {
        let root = FileSystem.absolutePath(path, relativeTo: base)
        return try load(root: root, narrowedTo: nil, rules: .defaults, shownAs: path, relativeTo: base)
    }

    /// The packages of `root` (absolute), or only those of `folder` when narrowed (`--package-path`):
    /// the package there and its `.package(path:)` dependencies, or every package below a folder
    /// that is not one. Paths in the graph are relative to `root` either way. `shownAs` is the
    /// folder as the person named it, for the error when there is no package.
    package func load(root: String, narrowedTo folder: String?, rules: DiscoveryRules, shownAs: String? = nil,
                      relativeTo base: String = FileSystem.currentDirectory) throws(InputError) -> LoadedGraph {
        let start = folder ?? root
        let shown = shownAs ?? FileSystem.relativePath(start, to: base)
        guard FileSystem.isDirectory(start) else { throw .noPackageManifest(directory: shown) }
        let discoveryStart = ContinuousClock.now
        // Nothing outside the root is read unless workspace.include names it.
        let boundary = ReadBoundary(root: root, rules: rules)
        // The package the run was pointed at (--package-path, or the root's own): failing to load
        // it leaves nothing to check, so its failure ends the run (exit 2), where another unit
        // that fails is a finding.
        let named = FileSystem.isRegularFile(start + "/Package.swift") ? start : nil
        // Discovery walks the folder unless --package-path names a package below the root.
        let discovers = !(folder != nil && folder != root && named != nil)
        // The graph an earlier load of this folder stored, read on another core while discovery
        // walks: whether it still holds is known only once the walk has listed every folder.
        let storedGraph = discovers ? cache.map { LoadedGraphCache(cacheFolder: $0.cacheFolder, root: root, start: start, base: base) } : nil
        let hasStoredGraph = storedGraph?.holdsEntry ?? false
        let storedGraphAhead = hasStoredGraph ? storedGraph.map { stored in BackgroundValue { stored.read() } } : nil
        let namedAhead: BackgroundValue<StoredDumpAhead>? = named.flatMap { named in
            cache.map { cache in
                BackgroundValue { [describer] in
                    StoredDumpAhead(folder: named, cache: cache, toolchain: describer.toolchainIdentity(), asking: describer,
                                    storedGraph: hasStoredGraph ? storedGraph : nil)
                }
            }
        }
        // A call started ahead is waited for however the load ends (thrown, or the folder not
        // taken after all): no toolchain process outlives the run.
        defer { _ = namedAhead?.value.call?.value }
        // Stage 1: which folders hold packages and projects.
        let found = discovers ? discover(under: start, root: root, rules: rules, boundary: boundary, shownRelativeTo: base)
            : Discovered(pending: [start], decisions: [PackageDiscovery.Decision(folder: FileSystem.relativePath(start, to: root), isTaken: true,
                                                                                 reason: "named by --package-path")])
        var pending = found.pending
        let discovery = found.decisions
        var projects = found.projects
        var projectsReading = found.projectsReading
        let ungeneratedSpecs = found.ungeneratedSpecs
        var listings = found.listings
        let readsProjectFiles = found.readsProjectFiles
        let listingsGeneration = found.listingsGeneration
        guard !pending.isEmpty || !projects.projects.isEmpty || !projects.unloadable.isEmpty else {
            // Only a spec: the project it describes is what there is to check.
            if let spec = ungeneratedSpecs.first {
                throw .projectNotGenerated(message: spec.message(shownAs: FileSystem.relativePath(spec.path, to: base), besideOtherInputs: false))
            }
            throw .noPackageManifest(directory: shown)
        }
        // Fail early and clearly when there is no toolchain, rather than once per package; a
        // repository of projects alone needs none.
        if !pending.isEmpty { try describer.checkAvailable() }
        let discoveryDuration = ContinuousClock.now - discoveryStart

        var loaded: [String: LoadedPackage] = [:]
        var refused: [String: PackageRefusal] = [:]
        // Folders a loaded package depends on by path: excluding them would not stop them loading.
        var dependedOn: Set<String> = []
        var missingDependencyWarnings: [LoadWarning] = []
        var outsideWarnings: [LoadWarning] = []
        var counts = CallCounts()
        // A package many others depend on by path is judged once, not once per dependent.
        var dependencyFolders: [String: (refusal: String?, holdsManifest: Bool)] = [:]
        var ahead = namedAhead?.value
        let toolchain = ahead?.toolchain ?? (cache == nil ? "" : describer.toolchainIdentity())
        // Stage 2: the graph an earlier load stored, when every manifest and listing it read is as it was.
        // The load's key, its packages' keys and what it asks beyond the listings, when it may be stored.
        var record: (key: [UInt8], packages: [GraphCacheKey], probes: DiskProbes)?
        var knownKeys: [String: GraphCacheKey] = [:]
        // The listings as a stored graph compares and stores them: made at most once a load.
        lazy var encodedListings = listings.encoded
        if storedGraph != nil, let cache, let rulesFingerprint = rules.fingerprint, !pending.isEmpty, !readsProjectFiles, ungeneratedSpecs.isEmpty,
           boundary.root == root, !listings.holdsSymbolicLink {
            let keys = pending.map { folder in
                folder == ahead?.folder ? ahead?.key : cache.key("dump-package", packageAt: folder, toolchain: toolchain)
            }
            if keys.allSatisfy({ $0 != nil }) {
                for (folder, key) in zip(pending, keys) { knownKeys[folder] = key }
                let key = LoadedGraphCache.key(root: root, start: start, base: base, shownAs: shown, realRoot: boundary.root, rules: rulesFingerprint,
                                               checkoutFolders: checkoutLocations.folders, toolchain: toolchain,
                                               packages: zip(pending, keys).map { ($0, $1!) })
                if let stored = storedGraphAhead?.value,
                   stored.holds(key: key, listings: encodedListings, generation: listingsGeneration,
                                checkoutKey: { cache.key("describe", packageAt: $0, toolchain: toolchain)?.encoded() }) {
                    // As many questions as the cache would have answered: each package's, each checkout's.
                    let reused = LoadedGraph(graph: stored.graph, root: root, warnings: stored.warnings, toolchainCalls: 0,
                                             toolchainCallsSkipped: pending.count + stored.checkouts.count,
                                             discoveryDuration: discoveryDuration, isStoredGraph: true,
                                             manifestDumps: stored.manifestDumps, discovery: discovery, projects: [:], ungeneratedSpecs: [],
                                             unloadable: [], toolchainVersion: stored.toolchainVersion)
                    // Compared entry by entry this time (the folders had not settled when it was
                    // stored): stored again under the listings' generation, so the next run is not.
                    if listingsGeneration != 0 && stored.listingsGeneration != listingsGeneration {
                        storedGraph?.store(reused, key: key, listings: encodedListings, listingsGeneration: listingsGeneration, probes: stored.probes,
                                           checkouts: stored.checkouts)
                    }
                    return reused
                }
                let probes = DiskProbes()
                listings.probes = probes
                record = (key, keys.compactMap { $0 }, probes)
            }
        }
        // The toolchain's version is asked beside the packages' calls, not after them: on an
        // empty cache it is one more process, which would otherwise add its whole time.
        let toolchainVersion = pending.isEmpty ? nil : BackgroundValue.onItsOwnThread({ [describer, cache] in describer.toolchainVersion(cacheFolder: cache?.cacheFolder) })
        // Stage 3: the packages, round by round, each round the path dependencies and projects'
        // local packages the last one named.
        var rounds = 0
        while !pending.isEmpty {
            rounds += 1
            let round = try loadPackages(pending, named: named, shownRelativeTo: base, toolchain: toolchain, listed: listings,
                                         ahead: ahead, knownKeys: knownKeys, counts: &counts)
            ahead = nil
            for (folder, refusal) in round.refused { refused[folder] = refusal }
            var next: Set<String> = []
            for package in round.loaded {
                loaded[package.folder] = package
                for dependency in package.dump.packageDependencies {
                    guard let dependencyPath = dependency.path else { continue }
                    let folder = FileSystem.absolutePath(dependencyPath)
                    let judged = dependencyFolders[folder] ?? {
                        let judged = (refusal: boundary.refusal(of: folder), holdsManifest: FileSystem.isRegularFile(folder + "/Package.swift"))
                        dependencyFolders[folder] = judged
                        return judged
                    }()
                    // Not even its manifest: dump-package would run it, and its sources be scanned.
                    if let real = judged.refusal {
                        outsideWarnings.append(Self.outsideDependencyWarning(folder: folder, real: real, manifestFolder: package.folder,
                                                                             boundary: boundary, shownRelativeTo: base))
                        continue
                    }
                    // A folder missing from the checkout (a sibling repository, a generated
                    // package) leaves that dependency unresolved; the rest of the graph stands.
                    guard judged.holdsManifest else {
                        missingDependencyWarnings.append(MissingPackageDependency.warning(
                            dependencyFolder: folder, manifestFolder: package.folder, root: root))
                        continue
                    }
                    dependedOn.insert(folder)
                    if loaded[folder] == nil && refused[folder] == nil && !pending.contains(folder) { next.insert(folder) }
                }
            }
            if let reading = projectsReading {
                projectsReading = nil
                projects = reading.value
                for folder in projects.localPackageFolders where loaded[folder] == nil && refused[folder] == nil {
                    next.insert(folder)
                }
            }
            pending = next.sorted()
        }
        outsideWarnings += projects.warnings

        // Stage 4: the remote packages' checkouts, then the graph assembled, joined with the
        // projects and confined to what may be read.
        let packages = loaded.keys.sorted().map { loaded[$0]! }
        let (checkouts, checkoutsRead) = loadCheckouts(for: packages, projects: projects, root: root, toolchain: toolchain, counts: &counts,
                                                       probes: record?.probes)
        let assembler = PackageAssembler(root: root, packages: packages, compilerVersion: { toolchainVersion?.value })
        var graph = assembler.graph(checkouts: checkouts)
        var warnings = packages.compactMap(\.warning) + missingDependencyWarnings.sorted()
        var dumps: [String: Data] = [:]
        for package in packages { dumps[assembler.identity(of: package.folder) ?? ""] = package.dumpData }
        var projectsByIdentity: [String: XcodeProject] = [:]
        if !projects.projects.isEmpty {
            let joined = projects.join(graph, packageFolders: packages.map(\.folder), identityOf: assembler.identity(of:), root: root, checkouts: checkouts)
            graph = joined.graph
            warnings += joined.warnings
            projectsByIdentity = joined.projects
        }
        let confined = SourceConfinement.confine(graph, root: root, boundary: boundary, shownRelativeTo: base, listings: listings)
        graph = confined.graph
        warnings += Array(Set(outsideWarnings)).sorted() + confined.warnings
        let unloadable = refused.map { folder, refusal in
            refusal.unit(folder: folder, root: root, isDependedOn: dependedOn.contains(folder))
        } + projects.unloadable
        let result = LoadedGraph(graph: graph, root: root, warnings: warnings, toolchainCalls: counts.made, toolchainCallsSkipped: counts.skipped,
                                 discoveryDuration: discoveryDuration, manifestDumps: dumps, discovery: discovery, projects: projectsByIdentity,
                                 ungeneratedSpecs: ungeneratedSpecs, unloadable: unloadable.sorted(),
                                 toolchainVersion: packages.isEmpty ? nil : toolchainVersion?.value)
        // Stage 5: stored only when nothing but the listings, the manifests and the probes went into it,
        // and under its key only when every manifest still is what its key read: an answer the
        // toolchain gave while one changed (another run's fix, a save) may be the new one's.
        if let record, let storedGraph, let probes = record.probes.recorded, let checkoutsRead, rounds == 1, result.unloadable.isEmpty,
           projects.projects.isEmpty, projects.warnings.isEmpty, missingDependencyWarnings.isEmpty, outsideWarnings.isEmpty,
           packages.allSatisfy(\.isStorable), !graph.targets.contains(where: { $0.kind == .binary }),
           record.packages.allSatisfy({ $0.inputsHeldStill() }) {
            storedGraph.store(result, key: record.key, listings: encodedListings, listingsGeneration: listingsGeneration, probes: probes,
                              checkouts: checkoutsRead)
        }
        return result
    }

    /// `Package.swift:8: outside-root: .package(path: "../Shared") is /abs/Shared, outside the root; …`
    /// What discovery found below the folder searched: the package folders to load first, each
    /// folder's decision, and the Xcode projects that join the graph.
    private struct Discovered {
        var pending: [String]
        var decisions: [PackageDiscovery.Decision]
        /// The projects below the folder searched, with the packages they reference by path
        /// wherever those are; a package named by --package-path brings none.
        var projects = ProjectLoading.none
        /// Projects read on another thread while the packages discovery found load: their local
        /// packages that discovery did not find join the next round.
        var projectsReading: BackgroundValue<ProjectLoading>?
        var ungeneratedSpecs: [ProjectSpec] = []
        /// The folders discovery listed, which the layouts read rather than list again.
        var listings = FolderListings()
        /// Whether discovery found project or workspace files, which a stored graph cannot cover.
        var readsProjectFiles = false
        /// The stored listings discovery's are exactly, if any (`FolderListingCache`).
        var listingsGeneration: UInt64 = 0
    }

    /// Walks `start` for packages, projects and generators' specs, reusing what the last walk of
    /// it listed for the folders unchanged since; the projects are read on another thread when
    /// there are packages to load meanwhile.
    private func discover(under start: String, root: String, rules: DiscoveryRules, boundary: ReadBoundary,
                          shownRelativeTo base: String) -> Discovered {
        let listingCache = cache.map { FolderListingCache(cacheFolder: $0.cacheFolder, root: start) }
        let found = PackageDiscovery.discover(under: start, rules: rules, stored: listingCache.map { $0.read() })
        if let listingCache, let toStore = found.listingsToStore { listingCache.write(toStore) }
        prefetch?.offer(found.listings)
        let prefix = FileSystem.relativePath(start, to: root)
        var discovered = Discovered(pending: [], decisions: found.decisions.map { decision in
            var decision = decision
            if prefix != "." { decision.folder = decision.folder == "." ? prefix : prefix + "/" + decision.folder }
            return decision
        })
        discovered.listingsGeneration = found.listingsGeneration
        discovered.readsProjectFiles = !found.projects.isEmpty || !found.workspaces.isEmpty
        discovered.ungeneratedSpecs = found.ungeneratedSpecs
        discovered.listings = found.listings
        if found.folders.isEmpty || found.projects.isEmpty {
            discovered.projects = ProjectLoading.read(found, shownRelativeTo: base, root: root, boundary: boundary)
            discovered.pending = Array(Set(found.folders).union(discovered.projects.localPackageFolders)).sorted()
        } else {
            discovered.projectsReading = BackgroundValue { ProjectLoading.read(found, shownRelativeTo: base, root: root, boundary: boundary) }
            discovered.pending = Array(Set(found.folders)).sorted()
        }
        return discovered
    }

    private static func outsideDependencyWarning(folder: String, real: String, manifestFolder: String, boundary: ReadBoundary,
                                                 shownRelativeTo base: String) -> LoadWarning {
        let manifest = manifestFolder + "/Package.swift"
        let written = FileSystem.relativePath(folder, to: manifestFolder)
        let line = MissingPackageDependency.line(mentioning: folder, writtenAs: written, in: manifest).map { ":\($0)" } ?? ""
        return OutsideRootWarning.warning(file: FileSystem.relativePath(manifest, to: base) + line, reference: ".package(path: \"\(written)\")",
                                          real: real, boundary: boundary)
    }

    /// How many questions the toolchain answered, and how many the cache did.
    private struct CallCounts {
        var made = 0
        var skipped = 0
    }

    /// One answer, with what storing it in the cache needs.
    private struct Answer {
        var result: Result<Data, InputError>
        var key: GraphCacheKey?
        /// Asked now, not read from the cache.
        var isFresh: Bool
        /// The reason of a refusal read from the cache (`result` is then unused).
        var storedRefusal: String?
    }

    /// An answer read by the one who asked.
    private enum Reading<Value> {
        case read(Value)
        /// The toolchain answered, but the answer does not read.
        case unreadable(any Error)
        /// The toolchain refused the package (now, with its error, or on an earlier run, from
        /// the cache): the package's own fault, which a build would meet too.
        case refused(reason: String, error: InputError?)
        /// The toolchain failed (or was never reached).
        case failed(InputError)
    }

    /// Asks each question whose key (`keys`, one per folder; nil: never cached) has no stored
    /// answer, all in parallel, telling `progress` as answers come, and reads every answer with
    /// `read`. A stored answer `read` refuses (bytes damaged inside an intact entry) is a miss,
    /// asked anew and written over, as a corrupt entry is; a fresh answer is stored only when
    /// it reads, so a broken one is asked again next run.
    private func ask<Value>(_ question: String, about folders: [String], keys: [GraphCacheKey?], ahead: StoredDumpAhead? = nil,
                            counts: inout CallCounts, read: (Data) throws -> Value) -> [Reading<Value>] {
        var answers = ask(question, about: folders, keys: keys, readsStored: true, ahead: ahead, counts: &counts)
        func reading(_ answer: Answer) -> Reading<Value> {
            if let reason = answer.storedRefusal { return .refused(reason: reason, error: nil) }
            switch answer.result {
            case .failure(let error):
                if let reason = PackageRefusal.reason(of: error) { return .refused(reason: reason, error: error) }
                return .failed(error)
            case .success(let data):
                do { return .read(try read(data)) } catch { return .unreadable(error) }
            }
        }
        var readings = answers.map(reading)
        let damaged = answers.indices.filter { index in
            guard !answers[index].isFresh, case .unreadable = readings[index] else { return false }
            return true
        }
        if !damaged.isEmpty {
            counts.skipped -= damaged.count
            let asked = ask(question, about: damaged.map { folders[$0] }, keys: damaged.map { keys[$0] }, readsStored: false, counts: &counts)
            for (index, answer) in zip(damaged, asked) {
                answers[index] = answer
                readings[index] = reading(answer)
            }
        }
        for (answer, reading) in zip(answers, readings) {
            guard answer.isFresh, let key = answer.key else { continue }
            // The key holds every manifest and the toolchain: the same refusal would follow.
            if case .refused(let reason, _) = reading { cache?.storeRefusal(reason, for: key) }
            guard case .read = reading, case .success(let data) = answer.result else { continue }
            cache?.store(data, for: key)
        }
        return readings
    }

    /// The toolchain's answers to what the cache does not hold under `keys` (or to every
    /// question, with `readsStored: false`), asked in parallel. What was looked up `ahead` is
    /// not looked up again.
    private func ask(_ question: String, about folders: [String], keys: [GraphCacheKey?], readsStored: Bool, ahead: StoredDumpAhead? = nil,
                     counts: inout CallCounts) -> [Answer] {
        let stored: [GraphCache.StoredAnswer?] = zip(folders, keys).map { folder, key in
            guard readsStored, let key else { return nil }
            if let ahead, ahead.folder == folder, ahead.key == key { return ahead.stored }
            return cache?.answer(for: key)
        }
        var answers: [Result<Data, InputError>?] = stored.map { answer in
            switch answer {
            case .answer(let data)?: .success(data)
            case .refusal?: .failure(.noPackageManifest(directory: ""))
            case nil: nil
            }
        }
        let missing = answers.indices.filter { answers[$0] == nil }
        counts.skipped += folders.count - missing.count
        counts.made += missing.count
        // A child process uses about one core; the others may read the sources meanwhile.
        if !missing.isEmpty { prefetch?.start(idleCores: ParallelMap.coreCount - min(missing.count, width)) }
        let describer = self.describer
        let progress = self.progress
        let answered = Atomic<Int>(0)
        let fresh = ParallelMap.threads(width: width).run(missing.count) { job -> Result<Data, InputError> in
            let folder = folders[missing[job]]
            // The named package's call, started ahead when its stored answer was found missing.
            if question == "dump-package", let call = ahead?.call, ahead?.folder == folder {
                let result = call.value
                progress?(answered.wrappingAdd(1, ordering: .relaxed).newValue, missing.count)
                return result
            }
            let result = Result { () throws(InputError) -> Data in
                question == "describe" ? try describer.describe(packageAt: folder) : try describer.dumpPackage(packageAt: folder)
            }
            progress?(answered.wrappingAdd(1, ordering: .relaxed).newValue, missing.count)
            return result
        }
        for (job, index) in missing.enumerated() {
            answers[index] = fresh[job]
        }
        let missingSet = Set(missing)
        return answers.indices.map { index in
            var refusal: String?
            if case .refusal(let reason)? = stored[index] { refusal = reason }
            return Answer(result: answers[index] ?? .failure(.noPackageManifest(directory: folders[index])), key: keys[index],
                          isFresh: missingSet.contains(index), storedRefusal: refusal)
        }
    }

    /// Asks `dump-package` about every folder, works out each layout, and asks `describe` only
    /// about the packages whose layout the rules cannot settle. A package the toolchain refuses
    /// is returned among `refused`, unless it is `named` (the package the run was pointed at),
    /// whose refusal is thrown.
    private func loadPackages(_ folders: [String], named: String?, shownRelativeTo base: String, toolchain: String, listed: FolderListings,
                              ahead: StoredDumpAhead?, knownKeys: [String: GraphCacheKey] = [:],
                              counts: inout CallCounts) throws(InputError) -> (loaded: [LoadedPackage], refused: [String: PackageRefusal]) {
        let keys = folders.map { folder in
            folder == ahead?.folder ? ahead?.key : knownKeys[folder] ?? cache?.key("dump-package", packageAt: folder, toolchain: toolchain)
        }
        // The bytes are kept for `affected`'s comparisons.
        let dumps = ask("dump-package", about: folders, keys: keys, ahead: ahead, counts: &counts) { data in
            (try ahead?.dump(reading: data) ?? ManifestDump(reading: data), data)
        }
        var packages: [LoadedPackage] = []
        var refused: [String: PackageRefusal] = [:]
        for (folder, reading) in zip(folders, dumps) {
            switch reading {
            case .failed(let error):
                throw error
            case .refused(let reason, let error):
                guard folder != named else {
                    throw error ?? toolchainError(refusing: folder, question: "dump-package", reason: reason, counts: &counts)
                }
                refused[folder] = PackageRefusal(reason: reason, question: "dump-package")
            case .unreadable(let error):
                throw .unreadableManifest(manifest: folder + "/Package.swift", command: "dump-package", reason: String(describing: error))
            case .read(let (dump, dumpData)):
                let layout = DefaultTargetLayout.layout(of: dump, packageRoot: folder, listings: listed)
                packages.append(LoadedPackage(folder: folder, dump: dump, dumpData: dumpData, layout: layout))
            }
        }

        // `describe` lists the folder's files: its answer is cached under the manifest's key
        // and the folder's entries, so a file added, removed or renamed asks again.
        let undecided = packages.indices.filter { !packages[$0].layout.undecided.isEmpty }
        let descriptions = ask("describe", about: undecided.map { packages[$0].folder },
                               keys: undecided.map { keys[$0].flatMap(GraphCacheKey.describingFiles) }, counts: &counts) { data in
            try JSONDecoder().decode(PackageDescription.self, from: data)
        }
        var describeRefused: Set<Int> = []
        for (index, reading) in zip(undecided, descriptions) {
            let manifest = FileSystem.relativePath(packages[index].folder + "/Package.swift", to: base)
            switch reading {
            case .refused(let reason, let error):
                // Only a binary artifact that is built elsewhere is worth loading around: any other
                // refusal (a dependency cycle, a target outside the package) fails a build too.
                if reason.contains("artifact") {
                    packages[index].warning = LoadWarning(code: DescribeFallback.entry.id, place: manifest,
                                                          message: "`swift package describe` failed (\(reason)); loaded it from dump-package with SwiftPM's default paths")
                    continue
                }
                let folder = packages[index].folder
                guard folder != named else {
                    let error = error ?? toolchainError(refusing: folder, question: "describe", reason: reason, counts: &counts)
                    if case .commandFailed = error { throw .packageRefused(manifest: manifest, reason: reason) }
                    throw error
                }
                refused[folder] = PackageRefusal(reason: reason, question: "describe")
                describeRefused.insert(index)
            case .read(let description):
                packages[index].description = description
            case .unreadable(let error):
                packages[index].warning = LoadWarning(code: DescribeFallback.entry.id, place: manifest,
                                                      message: "could not read `swift package describe` (\(error)); loaded it from dump-package with SwiftPM's default paths")
            case .failed(let error):
                // A timeout, a crash or a missing toolchain is the error itself.
                throw error
            }
        }
        let kept = packages.indices.filter { !describeRefused.contains($0) }.map { packages[$0] }
        return (kept, refused)
    }

    /// The toolchain's own error for the package the run was pointed at, whose refusal the
    /// cache remembered: asked again, so the run ends with the full message (the compiler's
    /// lines) rather than the one line a finding keeps.
    private func toolchainError(refusing folder: String, question: String, reason: String, counts: inout CallCounts) -> InputError {
        counts.made += 1
        do {
            _ = question == "describe" ? try describer.describe(packageAt: folder) : try describer.dumpPackage(packageAt: folder)
        } catch {
            return error
        }
        return .packageRefused(manifest: folder + "/Package.swift", reason: reason)
    }

    /// Describes the checkouts of remote dependencies that a previous resolve left in
    /// `.build/checkouts`, to learn which modules their products provide. A checkout is looked
    /// for beside the package that declares the dependency and beside the loaded root (a local
    /// dependency's remotes are checked out by the root), then in the folders the person named
    /// and, for the projects' remote packages, in Xcode's DerivedData checkouts of the projects
    /// (`CheckoutLocations`), under the name its `Package.resolved` pin gives, else the name of
    /// the URL.
    /// With `probes`, what the search asks of the file system is recorded there (`DiskProbes`),
    /// and the checkouts found are returned with their keys, for a stored graph to be reused
    /// only while the same checkouts are found with the same manifests; nil when one could not
    /// be described, had no key, or changed since its key was made (its answer may be another
    /// state's).
    private func loadCheckouts(for packages: [LoadedPackage], projects: ProjectLoading, root: String, toolchain: String,
                               counts: inout CallCounts, probes: DiskProbes? = nil)
        -> (products: [String: [String: CheckoutProduct]], read: [(folder: String, key: [UInt8])]?) {
        var folders: [String: String] = [:]  // identity → checkout folder
        var pinsByFolder: [String: ResolvedPins] = [:]
        let packageFolders = Set(packages.map(\.folder))
        func exists(_ path: String) -> Bool {
            probes.map { $0.ask(.isRegularFile, about: path) == 1 } ?? FileSystem.isRegularFile(path)
        }
        func pins(_ folder: String) -> ResolvedPins {
            if let known = pinsByFolder[folder] { return known }
            // A loaded package's pins are in its manifests' key; any other's (the root's, when
            // it is no package) are read, which the record cannot hold.
            if let probes, !packageFolders.contains(folder), probes.ask(.isRegularFile, about: folder + "/Package.resolved") == 1 {
                probes.markUnrecordable()
            }
            let read = ResolvedPins.read(inPackageAt: folder)
            pinsByFolder[folder] = read
            return read
        }
        // Xcode resolves the remote packages of the packages a project references too, into the
        // project's DerivedData: searched after the folders the person named.
        let xcode = projects.projects.isEmpty ? [] : checkoutLocations.xcodeCheckoutFolders(projects: projects.projects.map(\.path), root: root)
        let searched = checkoutLocations.namedCheckoutFolders { folder in
            probes.map { $0.ask(.isDirectory, about: folder) == 1 } ?? FileSystem.isDirectory(folder)
        } + xcode
        for package in packages {
            for dependency in package.dump.packageDependencies where folders[dependency.identity] == nil {
                guard let url = dependency.url else { continue }
                for base in [package.folder, root] {
                    let names = [pins(base).checkoutName(of: dependency.identity), Self.repositoryName(url)].compactMap { $0 }
                    if let found = names.lazy.map({ "\(base)/.build/checkouts/\($0)" }).first(where: { exists($0 + "/Package.swift") }) {
                        folders[dependency.identity] = found
                        break
                    }
                }
                if folders[dependency.identity] == nil,
                   let found = Self.checkout(named: [pins(package.folder).checkoutName(of: dependency.identity), Self.repositoryName(url)].compactMap { $0 },
                                             in: searched, exists: exists) {
                    folders[dependency.identity] = found
                }
            }
        }
        // The projects' remote packages: Xcode checks them out into DerivedData.
        let remotes = projects.remotePackages()
        if !remotes.isEmpty {
            for (identity, url) in remotes where folders[identity] == nil {
                if let found = Self.checkout(named: [identity, Self.repositoryName(url)], in: searched, exists: exists) { folders[identity] = found }
            }
        }
        let identities = folders.keys.sorted()
        let checkoutFolders = identities.map { folders[$0]! }
        // Only the products' modules are read from a checkout, and they follow from its manifest:
        // its answer is cached under the manifest's key like a `dump-package`.
        let keys = checkoutFolders.map { cache?.key("describe", packageAt: $0, toolchain: toolchain) }
        let descriptions = ask("describe", about: checkoutFolders, keys: keys, counts: &counts) { data in
            try JSONDecoder().decode(PackageDescription.self, from: data)
        }
            .map { reading -> PackageDescription? in
                guard case .read(let description) = reading else { return nil }
                return description
            }
        var read: [(folder: String, key: [UInt8])]? = []
        for (folder, (key, description)) in zip(checkoutFolders, zip(keys, descriptions)) {
            guard let key, description != nil, key.inputsHeldStill() else { read = nil; break }
            read?.append((folder, key.encoded()))
        }
        var products: [String: [String: CheckoutProduct]] = [:]
        for (identity, (folder, description)) in zip(identities, zip(checkoutFolders, descriptions)) {
            guard let description else { continue }
            let byName = Dictionary(description.targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            // A binary target's module is its artifact's (an xcframework names it by its
            // framework), read when the checkout holds the artifact; its name otherwise.
            func moduleName(of target: PackageDescription.Target) -> String {
                if target.type == "binary", let provided = BinaryArtifactModules.moduleNames(inArtifact: FileSystem.absolutePath(target.path, relativeTo: folder)).first {
                    return provided
                }
                return target.c99name ?? target.name
            }
            for product in description.products ?? [] {
                // What a build of the product compiles in its package: its targets and their
                // target dependencies, walked with a work list (no recursion the input controls).
                var seen: Set<String> = []
                var work = product.targets
                var otherPackages = false
                while let name = work.popLast() {
                    guard seen.insert(name).inserted, let target = byName[name] else { continue }
                    work += target.target_dependencies ?? []
                    if !(target.product_dependencies ?? []).isEmpty { otherPackages = true }
                }
                let modules = product.targets.compactMap { byName[$0].map(moduleName) }
                let builds = seen.sorted().compactMap { byName[$0].map(moduleName) }
                products[identity, default: [:]][product.name] = CheckoutProduct(modules: modules, buildsModules: builds, dependsOnOtherPackages: otherPackages)
            }
        }
        return (products, read)
    }

    /// The first `folder/<name>` holding a `Package.swift`, folders first, then names.
    static func checkout(named names: [String], in folders: [String],
                         exists: (String) -> Bool = { FileSystem.isRegularFile($0) }) -> String? {
        for folder in folders {
            for name in names where !name.isEmpty && !name.contains("/") && name != ".." {
                let candidate = folder + "/" + name
                if exists(candidate + "/Package.swift") { return candidate }
            }
        }
        return nil
    }

    static func repositoryName(_ url: String) -> String {
        var name = url.split(separator: "/").last.map(String.init) ?? url
        if name.hasSuffix(".git") { name.removeLast(4) }
        return name
    }

    /// Why a toolchain call failed: its `error:` lines, joined, since the first line of stderr
    /// is often a manifest warning; the first line when no line says `error:`.
    static func errorLines(of error: InputError) -> String {
        let text: String
        switch error {
        case .commandFailed(_, _, let standardError), .commandKilled(_, _, let standardError):
            text = standardError
        default:
            text = error.message
        }
        let lines = text.split(whereSeparator: \.isNewline).map(String.init)
        let errors = lines.filter { $0.hasPrefix("error: ") || $0.contains(": error: ") }
        if errors.isEmpty { return lines.first ?? "no output" }
        return errors.joined(separator: "; ")
    }
}

/// What the toolchain said about one package, and its layout by SwiftPM's rules.
struct LoadedPackage: Sendable {
    var folder: String
    var dump: ManifestDump
    var dumpData: Data
    var layout: PackageLayout
    /// Set only when the layout is undecided and `describe` answered; it then wins.
    var description: PackageDescription?
    var warning: LoadWarning?

    /// Whether the graph this package went into may be stored (`LoadedGraphCache`): laid out by
    /// the rules alone.
    var isStorable: Bool {
        description == nil && warning == nil && layout.undecided.isEmpty
    }
}

/// What a checkout says about one of its products: the modules it provides, every module of its
/// package a build of it compiles, and whether its targets depend on other packages' products.
struct CheckoutProduct: Sendable, Equatable {
    var modules: [String]
    var buildsModules: [String]
    var dependsOnOtherPackages: Bool

    func external(name: String, package: String) -> ExternalProduct {
        ExternalProduct(name: name, package: package, modules: modules, isGuess: false,
                        buildsModules: buildsModules, dependsOnOtherPackages: dependsOnOtherPackages)
    }
}
