import DeclarationFiles
import Diagnostics
import ImportScanning
import ModuleGraph

/// Gives manifest findings their line in the right `Package.swift`, reading each manifest's text
/// once, and collects the manifests' `// bulkhead:` comments.
struct ManifestPlaces {
    private let workspace: Workspace
    private var manifests: [String: (locator: ManifestLocator, directives: [CommentDirective])] = [:]

    init(workspace: Workspace) { self.workspace = workspace }

    mutating func place(_ findings: [Finding]) -> [PlacedFinding] {
        findings.map { finding in
            let location: SourceLocation
            switch finding.place {
            case .source(let path, let line, let column, _):
                location = SourceLocation(path: path, line: line, column: column)
            case .manifest(let dependency):
                let manifest = workspace.manifestPath(of: finding.target.package)
                let place: (line: Int, column: Int)
                if workspace.graph.package(finding.target.package)?.projectPath != nil {
                    let locator = ProjectFileLocator(bytes: workspace.manifests[manifest] ?? [])
                    place = dependency.map { locator.location(ofDependency: $0, inTarget: finding.target.name) } ?? locator.location(ofTarget: finding.target.name)
                } else {
                    let locator = self.manifest(manifest).locator
                    place = dependency.map { locator.location(ofDependency: $0, inTarget: finding.target.name) }
                        ?? locator.location(ofTarget: finding.target.name)
                }
                location = SourceLocation(path: manifest, line: place.line, column: place.column)
            case .product(let name):
                let manifest = workspace.manifestPath(of: finding.target.package)
                let place = self.manifest(manifest).locator.location(ofProduct: name)
                location = SourceLocation(path: manifest, line: place.line, column: place.column)
            }
            return PlacedFinding(finding: finding, location: location, targetName: workspace.graph.displayName(finding.target))
        }
    }

    /// Where a target (by its shown name) is declared, for findings about it that no rule made.
    mutating func location(ofTarget name: String) -> SourceLocation? {
        guard let target = workspace.graph.targets(named: name).first else { return nil }
        let manifest = workspace.manifestPath(of: target.id.package)
        let place = self.manifest(manifest).locator.location(ofTarget: target.name)
        return SourceLocation(path: manifest, line: place.line, column: place.column)
    }

    /// The `// bulkhead:` comments of every local manifest, by manifest path.
    mutating func directives() -> [String: [CommentDirective]] {
        var result: [String: [CommentDirective]] = [:]
        for package in workspace.graph.packages where package.isLocal {
            let path = workspace.manifestPath(of: package.identity)
            let directives = manifest(path).directives
            if !directives.isEmpty { result[path] = directives }
        }
        return result
    }

    private mutating func manifest(_ path: String) -> (locator: ManifestLocator, directives: [CommentDirective]) {
        if let cached = manifests[path] { return cached }
        let bytes = workspace.manifests[path] ?? []
        let entry = (ManifestLocator(bytes: bytes), ImportScanner.scan(bytes).directives)
        manifests[path] = entry
        return entry
    }
}
