import Caches
import FileAccess
import ImportScanning
import Inputs
import Rules

/// What `check` and `baseline` read before the check: the configuration first (a mistake there
/// should not wait for the toolchain), the graph, the sources, the manifests and the baseline.
struct WorkspaceLoading {
    var workspace: Workspace
    var loaded: LoadedGraph
    var scan: SourceScan
    /// Where the baseline is read from and written to, absolute.
    var baselinePath: String
    /// The configuration file read, absolute; nil when there was none.
    var configurationPath: String?
    /// Where the time went so far, for `--stats`.
    var statistics: RunStatistics

    static let options: [OptionDefinition] = PackageOptions.definitions + ConfigurationOptions.definitions + BuildOptions.definitions

    /// The files this run reads, which its writes must not replace; the baseline among them
    /// unless `includingBaseline` is false (for `bulkhead baseline`, whose job is to write it).
    func inputs(includingBaseline: Bool, workingFolder: String) -> RunInputs {
        var inputs = RunInputs(loaded, workingFolder: workingFolder)
        if let configurationPath { inputs.add(configurationPath, as: "the configuration file this run reads") }
        if includingBaseline { inputs.add(baselinePath, as: "the baseline this run compares with") }
        return inputs
    }

    /// `readsBaseline`: false for `bulkhead baseline`, which writes the file instead.
    /// `targets`: `check --target`/`--exclude-tests`, which read only what judging them needs.
    static func load(_ arguments: ParsedArguments, context: CommandContext, readsBaseline: Bool, targets: CheckTargets? = nil) throws -> WorkspaceLoading {
        var statistics = RunStatistics()
        let location = PackageOptions.location(arguments, context: context)
        let (configurationFile, configuration) = try ConfigurationOptions.load(arguments, packagePath: location.root.path, context: context)
        statistics.endPhase("configuration")
        // Sources restored from the file cache while the packages load, and read while a cold
        // load waits on the toolchain (with a file cache to keep them).
        let fileCacheFolder = PackageOptions.cacheFolder(arguments, context: context)
        let prefetch = fileCacheFolder.map {
            SourcePrefetch(inspection: configuration.sourceInspection, cache: FileImportCache(cacheFolder: $0, root: location.root.path))
        }
        prefetch?.restoreAhead()
        let loaded: LoadedGraph
        do {
            loaded = try PackageOptions.loadGraph(arguments, context: context, location: location, configuration: configuration,
                                                  reportsUnloadableUnits: true, prefetch: prefetch)
        } catch {
            _ = prefetch?.finish(for: configuration.sourceInspection)
            throw error
        }
        statistics.endPhase("packages", detail: "\(loaded.toolchainCalls) toolchain calls made, \(loaded.toolchainCallsSkipped) skipped (discovery "
                            + "\(RunStatistics.milliseconds(loaded.discoveryDuration, aligned: false))"
                            + (loaded.isStoredGraph ? ", the stored graph reused" : "") + ")")
        let graphProblems = configuration.problems(against: loaded.graph)
        guard graphProblems.isEmpty else { throw CommandError.configuration(file: configurationFile, problems: graphProblems) }
        // A narrowed load has not seen the packages the other patterns may name.
        if !arguments.isSet(.quiet) && location.narrowedTo == nil {
            for problem in configuration.unmatchedPatterns(in: loaded.graph) {
                context.standardError.writeLine("warning: \(configurationFile): \(problem)")
            }
        }

        // What `#if` is decided in is known from the graph alone: the targets' builds are made on
        // another core while the sources are read.
        var environment = BuildEnvironment.unknown
        environment.compilerVersion = loaded.toolchainVersion ?? BuildEnvironment.toolchainCompilerVersion
        let builds = BuildOptions.builds(arguments, configuration: configuration, graph: loaded.graph)
        let preparedTargetBuilds = builds.isEmpty ? nil : CheckInput.PreparedTargetBuilds(graph: loaded.graph, builds: builds, environment: environment)
        let fileCache = fileCacheFolder.map { FileImportCache(cacheFolder: $0, root: loaded.root) }
        let chosen = try targets?.chosen(in: loaded.graph)
        let prefetched = prefetch?.finish(for: configuration.sourceInspection) ?? SourcePrefetch.Found()
        var scan = chosen.flatMap { targets?.readsOnlyWhatIsNeeded == false ? nil : $0 }.map { CheckTargets.scan(loaded, chosen: $0, configuration: configuration, cache: fileCache) }
            ?? SourceScan.scan(loaded, cache: fileCache, inspection: configuration.sourceInspection, prefetched: prefetched)
        let ahead = scan.filesReadAhead > 0 ? " (\(scan.filesReadAhead) while the toolchain answered)" : ""
        let restoredAhead = scan.filesRestoredAhead > 0 ? " (\(scan.filesRestoredAhead) while the packages loaded)" : ""
        statistics.endPhase("sources", detail: "\(scan.filesRead) files read\(ahead), \(scan.filesSkipped) skipped\(restoredAhead)")
        var workspace = Workspace(graph: loaded.graph, configuration: configuration, sources: scan.sources, environment: environment)
        workspace.reportedTargets = chosen
        workspace.builds = builds
        workspace.preparedTargetBuilds = preparedTargetBuilds
        // A stat per source, only when a footprint budget counts bytes.
        if configuration.footprintBudgets.contains(where: { $0.maxSourceBytes != nil }) {
            workspace.sourceBytes = TargetSizes.measure(loaded.graph, root: loaded.root).mapValues(\.sourceBytes)
        }
        for package in loaded.graph.packages where package.isLocal {
            let path = workspace.manifestPath(of: package.identity)
            do {
                workspace.manifests[path] = Array(try FileSystem.contents(of: FileSystem.absolutePath(path, relativeTo: loaded.root)))
            } catch {
                // Its findings would point at line 1 with no word why: say so, and end with status 2.
                scan.unreadableCount += 1
                scan.problems.append(SourceProblem.unreadable(path, reason: error.message))
            }
        }
        // A unit that did not load is a finding at its file; its bytes place it and hold its suppressions.
        workspace.unloadableUnits = loaded.unloadable
        for unit in loaded.unloadable {
            workspace.manifests[unit.declarationPath] = (try? FileSystem.contents(of: FileSystem.absolutePath(unit.declarationPath, relativeTo: loaded.root))).map(Array.init)
        }
        let baselinePath = arguments.value(.baseline).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
            ?? loaded.root + "/bulkhead-baseline.json"
        if readsBaseline && (FileSystem.entryExists(baselinePath) || arguments.value(.baseline) != nil) {
            let shown = FileSystem.relativePath(baselinePath, to: context.currentDirectory)
            switch Baseline.decode(try FileSystem.contents(of: baselinePath)) {
            case .success(let baseline):
                workspace.baseline = BaselineFile(baseline: baseline, path: FileSystem.relativePath(baselinePath, to: loaded.root), shownPath: shown)
            case .failure(let problem):
                throw CommandError.unusableBaseline(file: shown, reason: problem.reason)
            }
        }
        return WorkspaceLoading(workspace: workspace, loaded: loaded, scan: scan, baselinePath: baselinePath,
                                configurationPath: ConfigurationOptions.file(arguments, packagePath: location.root.path, context: context),
                                statistics: statistics)
    }
}
