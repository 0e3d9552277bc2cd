import Configuration
import Foundation
import ModuleGraph

/// `bulkhead init`'s proposal on arbitrary graphs: targets named from the input's bytes (quotes,
/// backslashes, `*/`, non-ASCII, numbers, words that look like layers), in packages and folders it
/// picks, of every kind, some Xcode apps, with dependencies between any two (cycles included).
/// Oracle: no trap; the file init writes parses with the strict parser; every layer a `mayUse`
/// names is a layer of the file; every target placed by name exists; the same graph gives the
/// same file twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var input = ByteReader(Array(UnsafeBufferPointer(start: data, count: size)))
    let graph = input.graph()
    let first = proposal(for: graph)
    precondition(first == proposal(for: graph), "init proposed two different files for one graph")
    let parsed: Configuration
    switch ConfigurationParser.parse(Data(first.utf8), knownRules: ["layer-dependency"]) {
    case .success(let configuration): parsed = configuration
    case .failure(let problems): fatalError("init wrote a file its parser rejects: \(problems)\n\(first)")
    }
    let layerNames = Set(parsed.layers.map(\.name))
    let targetNames = Set(graph.targets.map(\.name))
    for layer in parsed.layers {
        for allowed in layer.mayUse where allowed != "*" {
            precondition(layerNames.contains(allowed), "layer \(layer.name) may use \(allowed), which is no layer:\n\(first)")
        }
        for name in layer.targets {
            precondition(targetNames.contains(name), "layer \(layer.name) lists \(name), which is no target:\n\(first)")
        }
    }
    return 0
}

private func proposal(for graph: ModuleGraph) -> String {
    let name = ConfigurationInference.repositoryName(of: graph, folder: "repo")
    return ConfigurationInference.infer(from: graph, packageName: name)
        .json5(packageName: name, rules: [(id: "layer-dependency", defaultSeverity: .error)])
}

/// Reads the input as a graph, a byte at a time; past the end every byte is zero.
private struct ByteReader {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    mutating func next() -> Int {
        defer { index += 1 }
        return index < bytes.count ? Int(bytes[index]) : 0
    }

    static let words = ["Feature", "Interface", "Kit", "Core", "Models", "Swift", "App2", "Tests", "Testing", "UI",
                        "Networking", "Client", "Live", "Service", "Danger", "Domain", "Data", "Presentation"]
    static let folders = ["Sources", "Packages", "Modules/Features", "Modules/Core", "LocalPackages/Kit", "App", "Sources/Layer A"]

    /// A word, two words, or raw bytes (printable or not) as a name part.
    mutating func namePart() -> String {
        let choice = next()
        switch choice % 4 {
        case 0, 1: return Self.words[next() % Self.words.count]
        case 2: return Self.words[next() % Self.words.count] + Self.words[next() % Self.words.count]
        default:
            let length = 1 + next() % 6
            let raw = (0..<length).map { _ in UInt8(truncatingIfNeeded: next()) }
            return String(decoding: raw, as: UTF8.self)
        }
    }

    mutating func graph() -> ModuleGraph {
        let count = 1 + next() % 40
        let packageCount = 1 + next() % 5
        let packages = (0..<packageCount).map { index -> PackageNode in
            let folder = Self.folders[next() % Self.folders.count] + "/" + namePart()
            return PackageNode(identity: "p\(index)", name: "P\(index)", origin: .local(path: index == 0 ? "." : folder))
        }
        var targets: [Target] = []
        for index in 0..<count {
            let package = packages[next() % packageCount].identity
            let name = namePart() + "\(index)"
            let kinds: [TargetKind] = [.library, .library, .library, .executable, .test, .macro, .plugin, .binary]
            let kind = kinds[next() % kinds.count]
            let path = Self.folders[next() % Self.folders.count] + "/" + (next() % 2 == 0 ? namePart() + "/" : "") + name
            let productType: ProjectProductType? = next() % 9 == 0 ? .application : nil
            targets.append(Target(id: TargetID(package: package, name: name), kind: kind, moduleName: name, path: path, productType: productType))
        }
        let edges = next() % 120
        for _ in 0..<edges {
            let from = next() % count, to = next() % count
            guard from != to else { continue }
            targets[from].dependencies.append(DependencyEdge(.target(targets[to].id)))
        }
        return ModuleGraph(packages: packages, targets: targets)
    }
}
