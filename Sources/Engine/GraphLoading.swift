import Caches
import Configuration
import Diagnostics
import FileAccess
import Formats
import PackageLoading
import ModuleGraph
import Rules
import XcodeProjects

/// The package graph a run loads, with what the load said along the way.
package struct GraphLoading {
    package var loaded: LoadedGraph
    /// In the order the load met them: its own warnings, units left out, unknown modules,
    /// sources not on disk, generators' specs without their project, patterns that matched nothing.
    package var notices: [LoadNotice]

    /// Loads the graph below `location` as `configuration`'s `workspace` section says. A unit that
    /// could not load, and a generator's spec without its project, are notices here unless
    /// `reportsLoadFindings` (the run reports them as findings instead): never left out unsaid.
    package init(_ request: RunRequest, location: RunLocation, configuration: Configuration, reportsLoadFindings: Bool,
                 prefetch: SourcePrefetch? = nil, observer: RunObserver) throws {
        let excludes = configuration.workspaceExclude.enumerated().map { ("workspace.exclude[\($0.offset)]", Glob($0.element)) }
        let includes = configuration.workspaceInclude.map(Glob.init)
        let rules = DiscoveryRules(
            excluded: { folder in excludes.first { $0.1.matchesItselfOrParent(folder) }.map(\.0) },
            included: { folder in includes.contains { $0.matchesItselfOrParent(folder) } },
            includedOutside: { fromRoot, absolute in configuration.includesOutsideRoot(fromRoot: fromRoot, absolute: absolute) },
            // Each pattern with its length: no two lists of patterns read alike.
            fingerprint: (configuration.workspaceExclude.map { "exclude \($0.utf8.count) \($0)" }
                          + configuration.workspaceInclude.map { "include \($0.utf8.count) \($0)" }).joined(separator: "\n"))
        if request.verbose {
            observer.verboseLine("bulkhead: root \(location.root.path): \(location.root.reason)")
            if let narrowed = location.narrowedTo {
                observer.verboseLine("bulkhead: --package-path narrows loading to \(FileSystem.relativePath(narrowed, to: location.root.path))")
            }
        }
        let cache = request.cacheFolder.map { GraphCache(cacheFolder: $0, environment: request.environment) }
        var loader = PackageGraphLoader(describer: request.toolchain.describer, width: request.jobs, cache: cache, progress: observer.progress)
        // Checkouts named on the command line, then in bulkhead.json (relative to the root), then
        // Xcode's DerivedData for the projects.
        let named = request.checkouts + configuration.workspaceCheckouts.map { FileSystem.absolutePath($0, relativeTo: location.root.path) }
        for folder in named where !FileSystem.isDirectory(folder) {
            throw RunError.usage("--checkouts or workspace.checkouts names '\(folder)', which is not a folder")
        }
        loader.checkoutLocations = CheckoutLocations(folders: named, derivedData: CheckoutLocations.derivedData(environment: request.environment))
        loader.prefetch = prefetch
        do {
            defer { observer.progressFinished() }
            loaded = try loader.load(root: location.root.path, narrowedTo: location.narrowedTo, rules: rules,
                                     shownAs: request.packagePath ?? ".", relativeTo: request.workingFolder)
        }
        loaded.graph = configuration.applyingBinaryModules(to: loaded.graph)
        if request.verbose {
            for decision in loaded.discovery { observer.verboseLine(VisibleText.escapedLines("bulkhead: \(decision)")) }
            for line in request.toolchain.log?.lines ?? [] { observer.verboseLine(VisibleText.escapedLines("bulkhead: \(line)")) }
        }
        notices = Self.notices(of: loaded, configuration: configuration, location: location, reportsLoadFindings: reportsLoadFindings)
    }

    private static func notices(of loaded: LoadedGraph, configuration: Configuration, location: RunLocation, reportsLoadFindings: Bool) -> [LoadNotice] {
        var notices = loaded.warnings.map(LoadNotice.init)
        if !reportsLoadFindings {
            for unit in loaded.unloadable {
                notices.append(LoadNotice(code: UnloadableUnitFinding.entry.id, text: "\(unit.declarationPath): \(UnloadableUnitFinding.entry.id): "
                                          + "\(unit.folder) could not be loaded and is left out: \(unit.reason); \(unit.remedy)"))
            }
        }
        if let note = UnknownModulesNote.line(for: loaded.graph) {
            notices.append(LoadNotice(severity: .note, code: UnknownModulesNote.entry.id, text: note))
        }
        // Sources a build phase writes: one line per project, silenced by `exclude`.
        let excluded = configuration.exclude.map(Glob.init)
        let missing = MissingSourceWarning.warnings(Array(loaded.projects.values), root: loaded.root) { path in
            excluded.contains { $0.matchesItselfOrParent(path) }
        }
        notices += missing.map(LoadNotice.init)
        if !reportsLoadFindings && !configuration.ignoresUngeneratedProjects {
            for spec in loaded.ungeneratedSpecs {
                let shown = FileSystem.relativePath(spec.path, to: loaded.root)
                notices.append(LoadNotice(code: ProjectSpec.entry.id, text: "\(shown): \(ProjectSpec.entry.id): \(spec.message(shownAs: shown))"))
            }
        }
        // Only a whole-root load has seen every folder a workspace.exclude pattern could name.
        if location.narrowedTo == nil {
            for (index, pattern) in configuration.workspaceExclude.enumerated()
            where !loaded.discovery.contains(where: { $0.excludedBy == "workspace.exclude[\(index)]" }) {
                let problem = Configuration.unmatched("workspace.exclude[\(index)]", pattern, what: "no folder")
                notices.append(LoadNotice(code: Configuration.unmatchedPattern.id, text: "\(problem)"))
            }
        }
        return notices
    }

    /// The diagnostics a run that reports findings adds for what the load met: a generator's
    /// spec without its project means the app it describes was not read, so the check cannot
    /// pass (unless `workspace.generatedProjects` is "ignore"). Unloadable units are the rules'
    /// (`package-unloadable`), with their suppressions and baseline.
    package func findings(configuration: Configuration) -> [Diagnostic] {
        guard !configuration.ignoresUngeneratedProjects else { return [] }
        return loaded.ungeneratedSpecs.map { spec in
            let shown = FileSystem.relativePath(spec.path, to: loaded.root)
            return Diagnostic(code: ProjectSpec.entry, message: spec.message(shownAs: shown), location: SourceLocation(path: shown))
        }
    }
}
