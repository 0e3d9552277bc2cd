import ImportScanning
import PackageLoading
import Processes

/// What a run reads and how, every option typed: the command line builds one from its
/// arguments, validating each before any work; tests build one directly.
package struct RunRequest {
    /// The folder the paths a person wrote are relative to.
    package var workingFolder: String
    package var environment: [String: String]
    /// `--package-path` as written; nil reads from the working folder.
    package var packagePath: String?
    /// `--config` as written; nil reads bulkhead.json at the root, if there is one.
    package var configurationFile: String?
    /// `--preset`: over the file's preset, or alone.
    package var preset: String?
    /// Who answers the questions about packages.
    package var toolchain: Toolchain
    /// At most this many toolchain processes at once.
    package var jobs = PackageGraphLoader.defaultWidth
    /// The cache folder; nil reads and keeps nothing between runs.
    package var cacheFolder: String?
    /// Checkout folders named on the command line, absolute.
    package var checkouts: [String] = []
    /// The builds `#if` is decided for, when the command line names them.
    package var platforms: [Platform] = []
    package var buildConfiguration: BuildConfiguration?
    /// `--target`/`--exclude-tests`; nil checks every target.
    package var targets: TargetChoice?
    /// `--rule`/`--disable-rule`, over the configuration.
    package var rules = RuleChoice()
    /// `--baseline` as written; nil for bulkhead-baseline.json at the root.
    package var baselineFile: String?
    /// False for `bulkhead baseline`, which writes the file rather than reading it.
    package var readsBaseline = true
    /// Whether each folder's discovery decision and each toolchain call are told to the observer.
    package var verbose = false

    package init(workingFolder: String, environment: [String: String], toolchain: Toolchain) {
        self.workingFolder = workingFolder
        self.environment = environment
        self.toolchain = toolchain
    }
}

/// Who answers the questions about packages: the toolchain, or recorded answers (tests).
package enum Toolchain {
    case tool(SwiftPackageTool)
    case recorded(any PackageDescriber)

    var describer: any PackageDescriber {
        switch self {
        case .tool(let tool): tool
        case .recorded(let describer): describer
        }
    }

    /// What the toolchain's calls were, for `--verbose`; nothing for recorded answers.
    var log: ProcessLog? {
        if case .tool(let tool) = self { tool.log } else { nil }
    }
}

/// What a run tells as it goes, before it returns: the progress of the toolchain's answers and,
/// with `verbose`, each decision. A run returns everything else.
package struct RunObserver {
    package var progress: (@Sendable (_ done: Int, _ total: Int) -> Void)?
    /// Called once the packages are loaded (or failed to), to take a progress line down.
    package var progressFinished: () -> Void = {}
    package var verboseLine: (String) -> Void = { _ in }

    package init() {}
}
