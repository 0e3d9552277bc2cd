import Configuration
import ImportScanning
import ModuleGraph

/// `imports.ignore`: the imports of the modules it names are reported by no rule. A finding at
/// such an import is dropped before suppressions and the baseline see it, as if the import were
/// not there to judge; everything else the rules find (about the manifest, about other imports)
/// stands.
enum IgnoredImports {
    static func removing(from findings: [Finding], workspace: Workspace) -> [Finding] {
        let ignores = workspace.configuration.importIgnores
        guard !ignores.isEmpty else { return findings }
        struct Site: Hashable {
            var path: String
            var line: Int
            var column: Int
        }
        var ignored: Set<Site> = []
        var decided: [String: Bool] = [:]
        for files in workspace.sources.values {
            for file in files {
                for declaration in file.imports {
                    let isIgnored = decided[declaration.module] ?? ignores.contains { $0.matches(declaration.module) }
                    decided[declaration.module] = isIgnored
                    if isIgnored { ignored.insert(Site(path: file.path, line: declaration.position.line, column: declaration.position.column)) }
                }
            }
        }
        guard !ignored.isEmpty else { return findings }
        return findings.filter { finding in
            guard case .source(let path, let line, let column, _) = finding.place else { return true }
            return !ignored.contains(Site(path: path, line: line, column: column))
        }
    }
}
