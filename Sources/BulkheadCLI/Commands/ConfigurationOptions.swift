import Configuration
import Engine
import FileAccess
import Foundation
import PackageLoading
import Rules

/// The options of commands that read `bulkhead.json`, and the reading itself.
enum ConfigurationOptions {
    static let definitions: [OptionDefinition] = [
        .value(.config, "FILE", help: "The configuration file (default: bulkhead.json in the root, the nearest folder upward that holds one)."),
        .value(.preset, "NAME", help: "Use a preset's configuration: \(Presets.all.keys.sorted().joined(separator: ", ")). Overrides the file's preset.",
               suggestions: { Presets.all.keys.sorted() }),
    ]

    /// The file's configuration with the preset applied, or the preset alone, or the defaults,
    /// with the file's name as shown. `packagePath` is the root of the run (`RunLocation`).
    static func load(_ arguments: ParsedArguments, packagePath: String, context: CommandContext) throws -> (shown: String, configuration: Configuration) {
        let reading = try ConfigurationReading(file: arguments.value(.config), preset: arguments.value(.preset), root: packagePath,
                                               workingFolder: context.currentDirectory)
        return (reading.shown, reading.configuration)
    }
}
