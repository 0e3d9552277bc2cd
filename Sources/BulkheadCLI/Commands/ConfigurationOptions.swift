import Configuration
import FileAccess
import Foundation
import Inputs
import Rules

/// The options of commands that read `bulkhead.json`, and the reading itself.
enum ConfigurationOptions {
    static let definitions: [OptionDefinition] = [
        .value(.config, "FILE", help: "The configuration file (default: bulkhead.json in the root, the nearest folder upward that holds one)."),
        .value(.preset, "NAME", help: "Use a preset's configuration: \(Presets.all.keys.sorted().joined(separator: ", ")). Overrides the file's preset.",
               suggestions: { Presets.all.keys.sorted() }),
    ]

    /// The configuration file the run reads (absolute), or nil when it reads none. `packagePath`
    /// is the root of the run (see `PackageOptions.location`).
    static func file(_ arguments: ParsedArguments, packagePath: String, context: CommandContext) -> String? {
        let explicit = arguments.value(.config).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
        let file = explicit ?? packagePath + "/bulkhead.json"
        // A dangling link named bulkhead.json is a mistake to report, not a file to skip.
        return FileSystem.entryExists(file) || explicit != nil ? file : nil
    }

    /// The file's configuration with the preset applied, or the preset alone, or the defaults,
    /// with the file's name as shown.
    static func load(_ arguments: ParsedArguments, packagePath: String, context: CommandContext) throws -> (shown: String, configuration: Configuration) {
        let explicit = arguments.value(.config).map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
        let shown = FileSystem.relativePath(explicit ?? packagePath + "/bulkhead.json", to: context.currentDirectory)
        let result: Result<Configuration, ConfigurationProblems>
        if let read = self.file(arguments, packagePath: packagePath, context: context) {
            let data = try FileSystem.contents(of: read)
            result = ConfigurationParser.parse(data, preset: arguments.value(.preset), knownRules: RuleCatalog.configurable.map(\.id))
        } else if let preset = arguments.value(.preset) {
            result = ConfigurationParser.preset(named: preset)
        } else {
            result = .success(Configuration())
        }
        switch result {
        case .success(let configuration): return (shown, configuration)
        case .failure(let problems): throw CommandError.configuration(file: shown, problems: problems.problems)
        }
    }
}
