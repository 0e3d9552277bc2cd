import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `unknown-module`: an import of a module that nothing Bulkhead read accounts for — no target of
/// a loaded package or project, no product of a declared remote package (by its checkout's
/// modules, or by its name when there is no checkout), no SDK or toolchain module. Without it
/// such an import was passed over as if the SDK provided it.
struct UnknownModuleRule: Rule {
    static let description = RuleDescription(
        id: "unknown-module",
        summary: "A source imports a module that no declared dependency, loaded package, SDK or toolchain provides.",
        rationale: """
        An import names a module; Bulkhead knows the modules of every target it loaded, of every \
        remote product it found a checkout of, of every binary target whose artifact it read, and \
        of the SDKs and toolchains. A module in none of them most often comes from a remote \
        package whose product the target never declared, and it builds only while another target \
        happens to link that package. It is a note, not an error: an SDK framework missing from \
        Bulkhead's table looks the same. Declare the product that provides it, or list the module \
        in imports.ignore with the reason. When the target builds a product without a checkout or \
        a binary target without its artifact, whose modules are unknown, the note names them as \
        what may provide it instead: a checkout (or the artifact) would tell.
        """,
        defaultSeverity: .note,
        triggering: [
            RuleExample("Server imports NIOCore; it declares only Logging, and no package in view provides NIOCore.", targets: [
                .init("Server", products: ["Logging@swift-log"], source: ["import Foundation", "import Logging", "import ↓NIOCore"]),
            ]),
            RuleExample("Server declares NIO, with no checkout: NIOCore cannot be checked, and the note names NIO as what may provide it.", targets: [
                .init("Server", products: ["NIO@swift-nio?"], source: ["import NIO", "import ↓NIOCore"]),
            ]),
        ],
        nonTriggering: [
            RuleExample("Foundation is the SDK's, Logging a declared product's, Storage a target's.", targets: [
                .init("Server", dependencies: ["Storage"], products: ["Logging@swift-log"], source: ["import Foundation", "import Logging", "import Storage"]),
                .init("Storage"),
            ]),
            RuleExample("An import inside #if canImport of its own module is optional by design.", targets: [
                .init("Server", source: ["#if canImport(NIOCore)", "import NIOCore", "#endif"]),
            ]),
        ])

    /// Modules SwiftPM gives manifests, plugins and macros, which no SDK lists.
    static let packageToolModules: Set<String> = ["PackageDescription", "PackagePlugin", "CompilerPluginSupport", "AppleProductTypes", "XcodeProjectPlugin"]

    static let message = "not provided by any declared dependency Bulkhead can see; if it comes from a remote package, declare that package's product"

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var known = Set(graph.targets.map(\.moduleName)).union(Self.packageToolModules)
        for product in graph.externalProducts { known.formUnion(product.modules) }
        let unresolved = graph.externalProducts.filter(\.isGuess).count
        let modules = input.importedModules
        // Per module number: whether nothing accounts for it, decided the first time it is met.
        var decided = [Bool?](repeating: nil, count: modules.names.count)
        var environments: [String: BuildEnvironment] = [:]
        var findings: [Finding] = []
        for (index, target) in graph.targets.enumerated() where !input.isExcluded(target) {
            // What may provide its unknown modules is the target's, not the import's: asked once,
            // and only of a target that imports one.
            var unknownProviders: UnknownProviders?
            for (file, numbers) in input.checkedImports(ofTargetAt: index, modules: modules) {
                // By position: an import of a known module (almost all) is passed over by its number.
                for position in numbers.indices {
                    let number = numbers[position]
                    let isUnknown: Bool
                    if let answer = decided[number] {
                        isUnknown = answer
                    } else {
                        let module = modules.names[number]
                        isUnknown = !(known.contains(module) || SDKModules.mayBeSystemModule(module))
                        decided[number] = isUnknown
                    }
                    guard isUnknown else { continue }
                    let declaration = file.imports[position]
                    let module = declaration.module
                    guard input.mayCompile(declaration, inTargetAt: index),
                          !UndeclaredImports.isGuardedByCanImport(declaration, environments: &environments) else { continue }
                    let providers = unknownProviders ?? UnknownProviders(of: target, in: graph)
                    unknownProviders = providers
                    let place = Finding.Place.source(file, line: declaration.position.line, column: declaration.position.column)
                    if !providers.isEmpty {
                        // Something the target builds has modules nobody read: never "not provided".
                        findings.append(Finding(
                            ruleID: Self.description.id, severity: severity, target: target.id, subject: module,
                            message: "\(target.name) imports \(module), which cannot be checked: \(providers.shown) may provide it",
                            notes: providers.notes(for: target), place: place))
                        continue
                    }
                    var notes: [String] = []
                    if unresolved > 0 {
                        notes.append("\(unresolved) declared remote product\(unresolved == 1 ? " has" : "s have") no checkout here, and one may provide it under another name; a checkout would tell")
                    }
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: target.id, subject: module,
                        message: "\(target.name) imports \(module), which is \(Self.message)", notes: notes, place: place))
                }
            }
        }
        return findings
    }
}

/// What a target builds whose modules nobody read, so that an import of a module no one else
/// provides may be theirs: remote products without a checkout, and binary targets whose artifact
/// was not read. Declared by the target itself, or down its declared chain (a product a
/// dependency declares is built first, and its modules are importable).
private struct UnknownProviders {
    /// `Product (package)` of the products the target declares itself, sorted.
    var declaredProducts: [String] = []
    /// Binary targets with a guessed module the target builds, by shown name, sorted.
    var binaryTargets: [String] = []
    /// The nearest product down a declared chain (when the target declares none itself): the
    /// chain, as shown names ending with it.
    var chain: [String]?
    /// Every one of them, shown, for the message.
    var all: [String] = []

    init(of target: Target, in graph: ModuleGraph) {
        let reach = graph.reachable(from: [target.id], direction: .dependencies)
        var reachedProducts: [(distance: Int, carrier: TargetID, shown: String)] = []
        var declared: Set<String> = []
        var binaries: Set<String> = []
        for (carrier, distance) in reach {
            if distance > 0, let reached = graph.target(carrier), reached.kind == .binary, reached.isModuleGuessed {
                binaries.insert(graph.displayName(carrier))
            }
            for dependency in graph.dependencies(of: carrier) {
                guard case .external(let package, let product) = dependency.node, dependency.isGuess else { continue }
                let shown = "\(product) (\(package))"
                if carrier == target.id { declared.insert(shown) } else { reachedProducts.append((distance, carrier, shown)) }
            }
        }
        declaredProducts = declared.sorted()
        binaryTargets = binaries.sorted()
        if declared.isEmpty, let nearest = reachedProducts.min(by: { ($0.distance, $0.carrier, $0.shown) < ($1.distance, $1.carrier, $1.shown) }) {
            var chains = ShortestChains(graph: graph)
            let path = chains.chain(from: target.id, to: nearest.carrier)?.map(graph.displayName) ?? [graph.displayName(nearest.carrier)]
            chain = path + [nearest.shown]
        }
        all = declaredProducts + Set(reachedProducts.map(\.shown)).subtracting(declared).sorted() + binaryTargets.map { "binary target \($0)" }
    }

    var isEmpty: Bool { all.isEmpty }

    var shown: String {
        all.prefix(3).joined(separator: ", ") + (all.count > 3 ? " and \(all.count - 3) more" : "")
    }

    func notes(for target: Target) -> [String] {
        var notes: [String] = []
        if !declaredProducts.isEmpty {
            notes.append("\(target.name) declares \(ListPhrase.joined(declaredProducts)) without a checkout: "
                + "\(declaredProducts.count == 1 ? "its modules are" : "their modules are") unknown, and a checkout would tell")
        } else if let chain {
            notes.append("reachable through \(chain.joined(separator: " → ")), which has no checkout: its modules are unknown, and a checkout would tell")
        }
        for binary in binaryTargets {
            notes.append("the binary target \(binary) has no artifact Bulkhead could read, so its module is unknown; "
                + "with the artifact on disk it is read, or name it in bulkhead.json's modules: { \"\(binary)\": \"Module\" }")
        }
        return notes
    }
}
