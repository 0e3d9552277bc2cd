import DeclarationFiles
import Diagnostics
import ImportScanning
import ModuleGraph

/// Gives manifest findings their line in the file that declares their unit (a `Package.swift`,
/// an Xcode project file), reading each file once, and collects the `// bulkhead:` comments of the
/// files whose format has them.
struct ManifestPlaces {
    private let workspace: Workspace
    /// By path relative to the root; nil where no kind of declaration file reads the path.
    private var files: [String: (any DeclarationFile)?] = [:]

    init(workspace: Workspace) { self.workspace = workspace }

    mutating func place(_ findings: [Finding]) -> [PlacedFinding] {
        findings.map { finding in
            let location: SourceLocation
            switch finding.place {
            case .source(let path, let line, let column, _):
                location = SourceLocation(path: path, line: line, column: column)
            case .manifest(let dependency):
                let path = workspace.manifestPath(of: finding.target.package)
                let file = self.file(of: finding.target.package)
                let place = dependency.map { file?.place(ofDependency: $0, inTarget: finding.target.name) }
                    ?? file?.place(ofTarget: finding.target.name)
                location = SourceLocation(path: path, place: place)
            case .product(let name):
                let path = workspace.manifestPath(of: finding.target.package)
                location = SourceLocation(path: path, place: file(of: finding.target.package)?.place(ofProduct: name))
            case .unit(let path):
                location = SourceLocation(path: path, place: file(at: path)?.placeOfUnit)
                // No target of the unit is known: it is shown by its folder.
                return PlacedFinding(finding: finding, location: location, targetName: finding.target.name)
            }
            return PlacedFinding(finding: finding, location: location, targetName: workspace.graph.displayName(finding.target))
        }
    }

    /// Where a target (by its shown name) is declared, for findings about it that no rule made.
    mutating func location(ofTarget name: String) -> SourceLocation? {
        guard let target = workspace.graph.targets(named: name).first else { return nil }
        let path = workspace.manifestPath(of: target.id.package)
        return SourceLocation(path: path, place: file(of: target.id.package)?.place(ofTarget: target.name))
    }

    /// The `// bulkhead:` comments of every local unit's declaration file, by its path.
    mutating func directives() -> [String: [CommentDirective]] {
        var result: [String: [CommentDirective]] = [:]
        for package in workspace.graph.packages where package.isLocal {
            let path = workspace.manifestPath(of: package.identity)
            guard mayHoldDirectives(path), let file = file(at: path), let directives = file.directives, !directives.isEmpty else { continue }
            result[file.path] = directives
        }
        // A unit that did not load keeps its suppressions: its finding is placed in its file.
        for unit in workspace.unloadableUnits {
            guard mayHoldDirectives(unit.declarationPath), let file = file(at: unit.declarationPath), let directives = file.directives,
                  !directives.isEmpty else { continue }
            result[file.path] = directives
        }
        return result
    }

    /// Whether the file at `path` spells `bulkhead:` anywhere, as every directive does: a file
    /// that does not is neither opened nor scanned for them (a manifest of hundreds of targets
    /// took a twentieth of a warm check to read for none).
    private func mayHoldDirectives(_ path: String) -> Bool {
        Self.contains(Self.directiveMark, in: workspace.manifests[path] ?? [])
    }

    private static let directiveMark = Array("bulkhead:".utf8)

    static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        needle.isEmpty || bytes.firstRange(of: needle) != nil
    }

    private mutating func file(of package: String) -> (any DeclarationFile)? {
        file(at: workspace.manifestPath(of: package))
    }

    private mutating func file(at path: String) -> (any DeclarationFile)? {
        if let opened = files[path] { return opened }
        let opened = workspace.declarationKinds.open(path: path, bytes: workspace.manifests[path] ?? [])
        files[path] = opened
        return opened
    }
}

extension SourceLocation {
    /// A place in a declaration file; its first line when the place is unknown.
    fileprivate init(path: String, place: FilePlace?) {
        let place = place ?? .firstLine
        self.init(path: path, line: place.line, column: place.column)
    }
}
