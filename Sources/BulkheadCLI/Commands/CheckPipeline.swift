import Configuration
import Diagnostics
import Foundation
import ImportScanning
import Inputs
import ModuleGraph
import Reporting
import Rules

/// What `check` and `baseline` share: configuration, graph, sources, rules, places, suppressions.
struct CheckPipeline {
    var loaded: LoadedGraph
    var configuration: Configuration
    var scanned: SourceImports
    /// Findings left after suppressions, placed in their files.
    var findings: [PlacedFinding]
    var suppressedCount: Int
    /// Invalid and unused suppressions, unreadable and half-read sources.
    var problems: [Diagnostic]
    var places: ManifestPlaces

    static let options: [OptionDefinition] = PackageOptions.definitions + ConfigurationOptions.definitions

    /// Runs everything up to the findings. Problems that stop the run are printed here, and nil
    /// returned: the caller exits with status 2.
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws(UsageError) -> CheckPipeline? {
        let packagePath = FileSystem.absolutePath(arguments.value("package-path") ?? ".", relativeTo: context.currentDirectory)
        // The configuration first: a mistake there should not wait for the toolchain.
        guard let (configurationFile, configuration) = ConfigurationOptions.load(arguments, packagePath: packagePath, context: context) else {
            return nil
        }
        guard let loaded = try PackageOptions.loadGraphReporting(arguments, context: context) else { return nil }
        let graphProblems = configuration.problems(against: loaded.graph)
        guard graphProblems.isEmpty else {
            ConfigurationOptions.report(graphProblems, file: configurationFile, context: context)
            return nil
        }

        let scanned = SourceImports.scan(loaded)
        let input = CheckInput(graph: loaded.graph, sources: scanned.sources, configuration: configuration)
        var places = ManifestPlaces(loaded: loaded)
        let placed = places.place(Checker.run(input), graph: loaded.graph)

        var directives: [String: [CommentDirective]] = places.manifestDirectives()
        for file in scanned.sources.values.joined() where !file.directives.isEmpty && !input.isExcluded(file: file.path) {
            directives[file.path] = file.directives
        }
        let enabled = Set(RuleCatalog.all.filter { configuration.severity(of: $0) != nil }.map(\.id))
        let suppressed = Suppressions.apply(to: placed, directives: directives, enabledRules: enabled)
        return CheckPipeline(
            loaded: loaded, configuration: configuration, scanned: scanned, findings: suppressed.kept,
            suppressedCount: suppressed.suppressedCount, problems: suppressed.problems + scanned.problems, places: places)
    }

    /// The baseline file: `--baseline FILE`, else `bulkhead-baseline.json` in the loaded folder.
    func baselinePath(_ arguments: ParsedArguments, context: CommandContext) -> String {
        arguments.value("baseline").map { FileSystem.absolutePath($0, relativeTo: context.currentDirectory) }
            ?? loaded.root + "/bulkhead-baseline.json"
    }

    /// The targets a report speaks for: those with sources, and test targets.
    var checkedTargets: [Target] {
        loaded.graph.targets.filter { $0.isTest || !$0.sources.isEmpty }
    }
}

/// Gives manifest findings their line in the right `Package.swift`, reading each manifest once,
/// and collects the manifests' `// bulkhead:` comments.
struct ManifestPlaces {
    let loaded: LoadedGraph
    private var manifests: [String: (locator: ManifestLocator, directives: [CommentDirective])] = [:]

    init(loaded: LoadedGraph) { self.loaded = loaded }

    mutating func place(_ findings: [Finding], graph: ModuleGraph) -> [PlacedFinding] {
        findings.map { finding in
            let location: SourceLocation
            switch finding.place {
            case .source(let path, let line, let column, _):
                location = SourceLocation(path: path, line: line, column: column)
            case .manifest(let dependency):
                let manifest = manifestPath(of: finding.target.package)
                let locator = self.manifest(manifest).locator
                let place = dependency.map { locator.location(ofDependency: $0, inTarget: finding.target.name) }
                    ?? locator.location(ofTarget: finding.target.name)
                location = SourceLocation(path: manifest, line: place.line, column: place.column)
            }
            return PlacedFinding(finding: finding, location: location, targetName: graph.displayName(finding.target))
        }
    }

    /// Where a target (by its shown name) is declared, for findings about it that no rule made.
    mutating func location(ofTarget name: String, graph: ModuleGraph) -> SourceLocation? {
        guard let target = graph.targets(named: name).first else { return nil }
        let manifest = manifestPath(of: target.id.package)
        let place = self.manifest(manifest).locator.location(ofTarget: target.name)
        return SourceLocation(path: manifest, line: place.line, column: place.column)
    }

    /// The `// bulkhead:` comments of every local manifest, by manifest path.
    mutating func manifestDirectives() -> [String: [CommentDirective]] {
        var result: [String: [CommentDirective]] = [:]
        for package in loaded.graph.packages where package.isLocal {
            let path = manifestPath(of: package.identity)
            let directives = manifest(path).directives
            if !directives.isEmpty { result[path] = directives }
        }
        return result
    }

    /// `Package.swift` of a package, relative to the loaded folder.
    private func manifestPath(of package: String) -> String {
        let folder = loaded.graph.package(package)?.localPath ?? "."
        return folder == "." ? "Package.swift" : "\(folder)/Package.swift"
    }

    private mutating func manifest(_ path: String) -> (locator: ManifestLocator, directives: [CommentDirective]) {
        if let cached = manifests[path] { return cached }
        let data = (try? FileSystem.contents(of: FileSystem.absolutePath(path, relativeTo: loaded.root))) ?? Data()
        let text = String(decoding: data, as: UTF8.self)
        let entry = (ManifestLocator(text: text), ImportScanner.scan(Array(data)).directives)
        manifests[path] = entry
        return entry
    }
}
