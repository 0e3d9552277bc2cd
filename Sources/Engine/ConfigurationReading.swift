import Configuration
import FileAccess
import PackageLoading
import Rules

/// The configuration a run reads: the file (bulkhead.json at the root, or `--config`) with the
/// preset applied, the preset alone, or the defaults.
package struct ConfigurationReading {
    /// The file as a message names it, relative to the working folder (even when there is none).
    package var shown: String
    /// The file read, absolute; nil when there was none.
    package var file: String?
    package var configuration: Configuration

    package init(file explicit: String?, preset: String?, root: String, workingFolder: String) throws {
        let explicit = explicit.map { FileSystem.absolutePath($0, relativeTo: workingFolder) }
        let candidate = explicit ?? root + "/bulkhead.json"
        shown = FileSystem.relativePath(candidate, to: workingFolder)
        // A dangling link named bulkhead.json is a mistake to report, not a file to skip.
        file = FileSystem.entryExists(candidate) || explicit != nil ? candidate : nil
        let result: Result<Configuration, ConfigurationProblems>
        if let file {
            result = ConfigurationParser.parse(try FileSystem.contents(of: file), preset: preset, knownRules: RuleCatalog.configurable.map(\.id))
        } else if let preset {
            result = ConfigurationParser.preset(named: preset)
        } else {
            result = .success(Configuration())
        }
        switch result {
        case .success(let configuration): self.configuration = configuration
        case .failure(let problems): throw RunError.configuration(file: shown, problems: problems.problems)
        }
    }
}
