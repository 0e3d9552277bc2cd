import Configuration
import ImportScanning
import ModuleGraph
@testable import Rules

/// Runs `check` on a rule example as a workspace: its sources scanned with their `// bulkhead:`
/// comments, and a manifest text for manifest findings to be placed in. Only `rule` is enabled.
enum GraphRuleCheck {
    static func run(_ example: RuleExample, enabling rule: String, manifest: String = "", configure: (inout Configuration) -> Void = { _ in }) -> CheckResult {
        let input = example.input(enabling: rule)
        let lines = Dictionary(example.targets.map { ($0.name, $0.source) }, uniquingKeysWith: { first, _ in first })
        let sources = Dictionary(uniqueKeysWithValues: input.sources.map { id, files in
            (id, files.map { file in
                var scanned = file
                scanned.directives = ImportScanner.scan((lines[id.name] ?? []).joined(separator: "\n") + "\n").directives
                return scanned
            })
        })
        var configuration = input.configuration
        configure(&configuration)
        return Check.run(Workspace(graph: input.graph, configuration: configuration, sources: sources, manifests: ["Package.swift": Array(manifest.utf8)]))
    }

    /// `path:line:column code` of each diagnostic, for comparing in one line.
    static func places(_ result: CheckResult) -> [String] {
        result.diagnostics.map { "\($0.location?.path ?? ""):\($0.location?.line ?? 0):\($0.location?.column ?? 0) \($0.code)" }
    }
}
