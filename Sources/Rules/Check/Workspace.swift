import Configuration
import DeclarationFiles
import Diagnostics
import ImportScanning
import ModuleGraph

/// Everything `check` looks at, read beforehand: the graph, the configuration, each target's
/// scanned sources, the manifests' text and the baseline. A value, so a check is a function of
/// it and tests build one without a toolchain or a disk.
package struct Workspace: Sendable {
    package var graph: ModuleGraph
    package var configuration: Configuration
    /// Per target, its scanned files (paths relative to the root).
    package var sources: [TargetID: [SourceFile]]
    /// Each local unit's declaration file (its manifest or project file), by path relative
    /// to the root. A file missing here was unreadable (its reader said so): findings about it
    /// point at its first line.
    package var manifests: [String: [UInt8]]
    package var baseline: BaselineFile?
    /// What is known of the build `#if` clauses are decided in.
    package var environment: BuildEnvironment
    /// The platforms and configurations `#if` is decided for; empty: only `environment`.
    package var builds: [PlatformBuild] = []
    /// The kinds of declaration file the units' files are read as.
    package var declarationKinds = DeclarationFileKinds.standard
    /// Packages and projects that could not be loaded: each is a `package-unloadable` finding
    /// at its declaration file (whose bytes, when readable, are in `manifests`).
    package var unloadableUnits: [UnloadableUnit] = []
    /// With `check --target`: the targets the report speaks for (nil: every one).
    package var reportedTargets: Set<TargetID>?
    /// The targets' builds, being made on another core while the sources are read; taken only
    /// when made from this workspace's graph, builds and environment as they are at the check.
    package var preparedTargetBuilds: CheckInput.PreparedTargetBuilds?
    /// The bytes of each target's Swift sources, when a footprint budget asks for them.
    package var sourceBytes: [TargetID: Int] = [:]

    package init(graph: ModuleGraph, configuration: Configuration, sources: [TargetID: [SourceFile]],
                 manifests: [String: [UInt8]] = [:], baseline: BaselineFile? = nil, environment: BuildEnvironment = .unknown) {
        self.graph = graph
        self.configuration = configuration
        self.sources = sources
        self.manifests = manifests
        self.baseline = baseline
        self.environment = environment
    }

    /// The file that declares a unit (its manifest, its project file), relative to the root.
    package func manifestPath(of package: String) -> String {
        graph.package(package)?.declarationPath ?? "Package.swift"
    }

    /// The file that declares a unit, read as its kind; nil when no kind reads a file of that
    /// name (a test's `declarationKinds` may leave one out). Unreadable bytes read as empty, so
    /// its findings point at the first line.
    package func declarationFile(of package: String) -> (any DeclarationFile)? {
        let path = manifestPath(of: package)
        return declarationKinds.open(path: path, bytes: manifests[path] ?? [])
    }

    /// The targets a report speaks for: those with sources, and test targets.
    package var checkedTargets: [Target] {
        graph.targets.filter { $0.isTest || !$0.sources.isEmpty }
    }
}

/// A baseline as `check` uses it: the entries, and where the file is for the messages that
/// send a person there.
package struct BaselineFile: Sendable {
    package var baseline: Baseline
    /// Relative to the root, for findings placed in the file.
    package var path: String
    /// As the person running Bulkhead would type it.
    package var shownPath: String

    package init(baseline: Baseline, path: String, shownPath: String) {
        self.baseline = baseline
        self.path = path
        self.shownPath = shownPath
    }
}
