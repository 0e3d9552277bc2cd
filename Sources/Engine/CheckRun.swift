import Caches
import Configuration
import Diagnostics
import FileAccess
import ImportScanning
import PackageLoading
import ModuleGraph
import Reporting
import Rules

/// A whole check, as every command that reports findings renders it: what was read, what the
/// load said, the rules' result, and where the time went. `check`, `report`, `baseline`,
/// `canary` and `check --fix` all start from one, so they agree on the findings by construction.
package struct CheckRun {
    package var workspace: Workspace
    package var loaded: LoadedGraph
    package var scan: SourceScan
    package var result: CheckResult
    /// What the load said, for standard error.
    package var notices: [LoadNotice]
    /// What the load met that is a finding of the run rather than of a rule (a generator's spec
    /// without its project).
    package var loadFindings: [Diagnostic]
    /// Where the baseline is read from and written to, absolute.
    package var baselinePath: String
    /// The configuration file read, absolute; nil when there was none.
    package var configurationPath: String?
    package var statistics: RunStatistics

    /// Every diagnostic a report of `result` shows, sorted: the rules' findings, the files that
    /// could not be read, and the load's findings.
    package func diagnostics(of result: CheckResult) -> [Diagnostic] {
        (result.diagnostics + scan.problems + loadFindings).sorted()
    }

    package var diagnostics: [Diagnostic] { diagnostics(of: result) }

    /// The closing line's counts for a report of `result`, whose `diagnostics` (made once, by
    /// `diagnostics(of:)`) it counts.
    package func summary(of result: CheckResult, diagnostics: [Diagnostic]) -> CheckSummary {
        CheckSummary(targets: result.checkedTargets.count, files: scan.fileCount, diagnostics: diagnostics,
                     baselined: result.baselinedCount, suppressed: result.suppressedCount)
    }

    /// A source could not be read: the run proved less than it says, so it cannot pass.
    package var isIncomplete: Bool { scan.unreadableCount > 0 }

    /// The same workspace checked again (after a fix changed its graph and manifests).
    package func rechecked(_ workspace: Workspace) -> CheckRun {
        var run = self
        run.workspace = workspace
        run.result = Check.run(workspace)
        return run
    }
}

extension Engine {
    /// Reads the configuration (first: a mistake there should not wait for the toolchain), the
    /// graph, the sources, the manifests and the baseline, and runs the rules.
    package static func check(_ request: RunRequest, observer: RunObserver = RunObserver()) throws -> CheckRun {
        var statistics = RunStatistics()
        let location = RunLocation(packagePath: request.packagePath, workingFolder: request.workingFolder)
        let reading = try ConfigurationReading(file: request.configurationFile, preset: request.preset,
                                               root: location.root.path, workingFolder: request.workingFolder)
        let configuration = reading.configuration
        statistics.endPhase("configuration")
        // Sources restored from the file cache while the packages load, and read while a cold
        // load waits on the toolchain (with a file cache to keep them).
        let prefetch = request.cacheFolder.map {
            SourcePrefetch(inspection: configuration.sourceInspection, cache: FileImportCache(cacheFolder: $0, root: location.root.path))
        }
        prefetch?.restoreAhead()
        let graphLoading: GraphLoading
        do {
            graphLoading = try GraphLoading(request, location: location, configuration: configuration, reportsLoadFindings: true,
                                            prefetch: prefetch, observer: observer)
        } catch {
            _ = prefetch?.finish(for: configuration.sourceInspection)
            throw error
        }
        let loaded = graphLoading.loaded
        statistics.endPhase("packages", detail: "\(loaded.toolchainCalls) toolchain calls made, \(loaded.toolchainCallsSkipped) skipped (discovery "
                            + "\(RunStatistics.milliseconds(loaded.discoveryDuration, aligned: false))"
                            + (loaded.isStoredGraph ? ", the stored graph reused" : "") + ")")
        let graphProblems = configuration.problems(against: loaded.graph)
        guard graphProblems.isEmpty else { throw RunError.configuration(file: reading.shown, problems: graphProblems) }
        var notices = graphLoading.notices
        // A narrowed load has not seen the packages the other patterns may name.
        if location.narrowedTo == nil {
            for problem in configuration.unmatchedPatterns(in: loaded.graph) {
                notices.append(LoadNotice(code: Configuration.unmatchedPattern.id, text: "\(reading.shown): \(problem)"))
            }
        }

        // What `#if` is decided in is known from the graph alone: the targets' builds are made on
        // another core while the sources are read.
        var environment = BuildEnvironment.unknown
        environment.compilerVersion = loaded.toolchainVersion ?? BuildEnvironment.toolchainCompilerVersion
        let builds = BuildChoice.builds(platforms: request.platforms, configuration: request.buildConfiguration,
                                        build: configuration.build, graph: loaded.graph)
        let preparedTargetBuilds = builds.isEmpty ? nil : CheckInput.PreparedTargetBuilds(graph: loaded.graph, builds: builds, environment: environment)
        let fileCache = request.cacheFolder.map { FileImportCache(cacheFolder: $0, root: loaded.root) }
        let chosen = try request.targets?.chosen(in: loaded.graph)
        let prefetched = prefetch?.finish(for: configuration.sourceInspection) ?? SourcePrefetch.Found()
        var scan = chosen.flatMap { request.targets?.readsOnlyWhatIsNeeded == false ? nil : $0 }
            .map { TargetChoice.scan(loaded, chosen: $0, configuration: configuration, cache: fileCache) }
            ?? SourceScan.scan(loaded, cache: fileCache, inspection: configuration.sourceInspection, prefetched: prefetched)
        let ahead = scan.filesReadAhead > 0 ? " (\(scan.filesReadAhead) while the toolchain answered)" : ""
        let restoredAhead = scan.filesRestoredAhead > 0 ? " (\(scan.filesRestoredAhead) while the packages loaded)" : ""
        statistics.endPhase("sources", detail: "\(scan.filesRead) files read\(ahead), \(scan.filesSkipped) skipped\(restoredAhead)")
        var workspace = Workspace(graph: loaded.graph, configuration: request.rules.applied(to: configuration), sources: scan.sources, environment: environment)
        workspace.reportedTargets = chosen
        workspace.builds = builds
        workspace.preparedTargetBuilds = preparedTargetBuilds
        // A stat per source, only when a footprint budget counts bytes.
        if configuration.footprintBudgets.contains(where: { $0.maxSourceBytes != nil }) {
            workspace.sourceBytes = TargetSizes.measure(loaded.graph, root: loaded.root).mapValues(\.sourceBytes)
        }
        readManifests(of: loaded, into: &workspace, scan: &scan)
        let baselinePath = request.baselineFile.map { FileSystem.absolutePath($0, relativeTo: request.workingFolder) }
            ?? loaded.root + "/bulkhead-baseline.json"
        if request.readsBaseline && (FileSystem.entryExists(baselinePath) || request.baselineFile != nil) {
            let shown = FileSystem.relativePath(baselinePath, to: request.workingFolder)
            switch Baseline.decode(try FileSystem.contents(of: baselinePath)) {
            case .success(let baseline):
                let file = BaselineFile(baseline: baseline, path: FileSystem.relativePath(baselinePath, to: loaded.root), shownPath: shown)
                workspace.baseline = request.rules.applied(to: file, configuration: workspace.configuration)
            case .failure(let problem):
                throw RunError.unusableBaseline(file: shown, reason: problem.reason)
            }
        }
        let result = Check.run(workspace)
        statistics.endPhase("rules", detail: "\(result.checkedTargets.count) targets")
        return CheckRun(workspace: workspace, loaded: loaded, scan: scan, result: result, notices: notices,
                        loadFindings: graphLoading.findings(configuration: configuration), baselinePath: baselinePath,
                        configurationPath: reading.file, statistics: statistics)
    }

    /// Every local manifest's bytes (a finding's line, its suppressions), and those of units
    /// that did not load (a finding at its file). A manifest that cannot be read is an
    /// unreadable file: its findings would point at line 1 with no word why.
    private static func readManifests(of loaded: LoadedGraph, into workspace: inout Workspace, scan: inout SourceScan) {
        for package in loaded.graph.packages where package.isLocal {
            let path = workspace.manifestPath(of: package.identity)
            do {
                workspace.manifests[path] = Array(try FileSystem.contents(of: FileSystem.absolutePath(path, relativeTo: loaded.root)))
            } catch {
                scan.unreadableCount += 1
                scan.problems.append(SourceProblem.unreadable(path, reason: error.message))
            }
        }
        workspace.unloadableUnits = loaded.unloadable
        for unit in loaded.unloadable {
            workspace.manifests[unit.declarationPath] = (try? FileSystem.contents(of: FileSystem.absolutePath(unit.declarationPath, relativeTo: loaded.root))).map(Array.init)
        }
    }
}

/// The one way a run is made: every command that loads a workspace calls here.
package enum Engine {}
