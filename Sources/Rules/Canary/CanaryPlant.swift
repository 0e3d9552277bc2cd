import Configuration
import ImportScanning
import ModuleGraph

/// One synthetic violation: the edits that make it (dependencies declared, a source file with
/// an import, the canary's own remote package) and the finding that proves the rule saw it.
/// Edits are values so a planting is pure and the canary applies every one the same way.
package struct CanaryPlant: Sendable {
    /// Where the violation is: a declaration in a manifest, or a line of a planted file.
    package enum Place: Sendable, Hashable {
        case manifest
        /// Relative to the root; the import is on line 1.
        case source(path: String)
        /// A product's declaration in its package's manifest.
        case product(name: String)
    }

    /// The target the finding is about.
    package var target: TargetID
    /// The finding's subject (the dependency as declared, the imported module, `product@package`).
    package var subject: String
    package var place: Place
    /// What was planted, for the table: "a dependency of SearchFeature (Features) on Networking
    /// (Infrastructure)".
    package var summary: String

    private(set) var dependencies: [PlantedDependency] = []
    private(set) var files: [PlantedFile] = []
    /// Whether the graph gains `CanaryPackage`'s remote package and product.
    private(set) var addsCanaryPackage = false
    /// Changes no other edit expresses (a product's type, a target's settings, a source's text
    /// for a scanner of identifiers), made last, on the planted workspace.
    private var customEdits: [@Sendable (inout Workspace) -> Void] = []

    struct PlantedDependency: Sendable, Hashable {
        var target: TargetID
        var destination: DependencyEdge.Destination
    }

    struct PlantedFile: Sendable, Hashable {
        var target: TargetID
        var path: String
        var module: String
    }

    /// `target` declares `destination`; the finding is on its declaration, about `subject`.
    package static func declaring(_ destination: DependencyEdge.Destination, in target: Target, subject: String, summary: String) -> CanaryPlant {
        var plant = CanaryPlant(target: target.id, subject: subject, place: .manifest, summary: summary)
        plant.dependencies.append(PlantedDependency(target: target.id, destination: destination))
        if case .product(_, let package) = destination, package == CanaryPackage.identity { plant.addsCanaryPackage = true }
        return plant
    }

    /// A new file in `target`'s folder, `BulkheadCanary.swift`, whose first line imports `module`.
    package static func importing(_ module: String, in target: Target, graph: ModuleGraph, summary: String) -> CanaryPlant {
        let folder = LayerAssignment.folderFromRoot(of: target, in: graph)
        let path = (folder.isEmpty || folder == "." ? "" : folder + "/") + CanaryPackage.fileName
        var plant = CanaryPlant(target: target.id, subject: module, place: .source(path: path), summary: summary)
        plant.files.append(PlantedFile(target: target.id, path: path, module: module))
        if module == CanaryPackage.module { plant.addsCanaryPackage = true }
        return plant
    }

    /// A new file in `target`'s folder, `BulkheadCanary.swift`, holding `lines`: scanned as a
    /// real file is, with `inspection` (identifiers, declarations) when a source rule needs it.
    /// For violations an import line alone cannot make (`@testable`, a forbidden identifier, an
    /// `@unchecked Sendable` class); the finding is about `subject`, in that file.
    /// `path` puts it elsewhere (where a rule's `paths` glob looks).
    package static func writing(_ lines: [String], in target: Target, graph: ModuleGraph, at path: String? = nil, subject: String,
                                inspecting inspection: SourceInspection = SourceInspection(), summary: String) -> CanaryPlant {
        let path = path ?? canaryFilePath(in: target, graph: graph)
        var plant = CanaryPlant(target: target.id, subject: subject, place: .source(path: path), summary: summary)
        let text = lines.joined(separator: "\n") + "\n"
        let lineTexts = Dictionary(uniqueKeysWithValues: lines.enumerated().map { ($0.offset + 1, $0.element) })
        let id = target.id
        plant.customEdits.append { workspace in
            let scan = ImportScanner.scan(text, inspecting: inspection)
            workspace.sources[id, default: []].append(SourceFile(path: path, imports: scan.imports, lineTexts: lineTexts, directives: scan.directives,
                                                                 identifiers: scan.identifiers, declarations: scan.declarations))
        }
        return plant
    }

    /// Where a planted file of `target` goes: `BulkheadCanary.swift` in its folder.
    package static func canaryFilePath(in target: Target, graph: ModuleGraph) -> String {
        let folder = LayerAssignment.folderFromRoot(of: target, in: graph)
        return (folder.isEmpty || folder == "." ? "" : folder + "/") + CanaryPackage.fileName
    }

    /// The same planting, with `target` also declaring `destination` (the link of a chain).
    package func alsoDeclaring(_ destination: DependencyEdge.Destination, in target: Target) -> CanaryPlant {
        var plant = self
        plant.dependencies.append(PlantedDependency(target: target.id, destination: destination))
        if case .product(_, let package) = destination, package == CanaryPackage.identity { plant.addsCanaryPackage = true }
        return plant
    }

    /// Any other violation: `edit` changes a copy of the workspace (rebuild the graph with
    /// `ModuleGraph(packages:targets:externalProducts:)` when it changes targets or products);
    /// the finding is on `target`, about `subject`, at `place`. For a rule whose violation is
    /// not a dependency or an import.
    package static func editing(target: TargetID, subject: String, place: Place, summary: String,
                                _ edit: @escaping @Sendable (inout Workspace) -> Void) -> CanaryPlant {
        var plant = CanaryPlant(target: target, subject: subject, place: place, summary: summary)
        plant.customEdits.append(edit)
        return plant
    }

    /// The same planting, with `edit` made after its other edits (a target or product the
    /// declared dependency needs, say).
    package func alsoEditing(_ edit: @escaping @Sendable (inout Workspace) -> Void) -> CanaryPlant {
        var plant = self
        plant.customEdits.append(edit)
        return plant
    }

    /// `workspace` with its graph rebuilt after `change` edits its packages and targets, so the
    /// graph's indexes (and the check input's layers and builds, made from it) see the edit.
    package static func editingGraph(_ workspace: inout Workspace, _ change: (inout [PackageNode], inout [Target]) -> Void) {
        let graph = workspace.graph
        var packages = graph.packages
        var targets = graph.targets
        change(&packages, &targets)
        workspace.graph = ModuleGraph(packages: packages, targets: targets, externalProducts: graph.externalProducts)
    }

    private init(target: TargetID, subject: String, place: Place, summary: String) {
        self.target = target
        self.subject = subject
        self.place = place
        self.summary = summary
    }

    /// `workspace` with the violation in it. The graph is rebuilt (its indexes are made once);
    /// nothing else of the workspace changes, so manifests, suppressions, `exclude` and the
    /// baseline apply to the planted violation as to any other.
    package func applied(to workspace: Workspace) -> Workspace {
        var planted = workspace
        let graph = workspace.graph
        var targets = graph.targets
        for dependency in dependencies {
            guard let index = targets.firstIndex(where: { $0.id == dependency.target }) else { continue }
            targets[index].dependencies.append(DependencyEdge(dependency.destination))
        }
        var packages = graph.packages
        var externals = graph.externalProducts
        if addsCanaryPackage && graph.package(CanaryPackage.identity) == nil {
            packages.append(CanaryPackage.node)
            externals.append(CanaryPackage.product)
        }
        planted.graph = ModuleGraph(packages: packages, targets: targets, externalProducts: externals)
        for file in files {
            let line = "import \(file.module)"
            let scan = ImportScanner.scan(line + "\n")
            planted.sources[file.target, default: []].append(SourceFile(path: file.path, imports: scan.imports, lineTexts: [1: line]))
        }
        for edit in customEdits { edit(&planted) }
        return planted
    }
}

/// The remote package a canary may add to the graph: a third-party product nobody really
/// declares, whose module no source really imports, so a planting that uses it touches nothing
/// the workspace already has.
package enum CanaryPackage {
    package static let identity = "bulkhead-canary"
    package static let productName = "BulkheadCanaryKit"
    package static let module = "BulkheadCanaryKit"
    /// The file a planted import is written in, inside the target's folder.
    package static let fileName = "BulkheadCanary.swift"

    static let node = PackageNode(identity: identity, name: "BulkheadCanary",
                                  origin: .remote(url: "https://example.invalid/bulkhead-canary.git", requirement: "exact: 1.0.0"),
                                  products: [])
    static let product = ExternalProduct(name: productName, package: identity, modules: [module], isGuess: false)

    /// The dependency on the canary's product, as a manifest would declare it.
    package static let destination = DependencyEdge.Destination.product(name: productName, package: identity)
    /// The subject `third-party-product` gives a finding about it.
    package static let productSubject = "\(productName)@\(identity)"
}
