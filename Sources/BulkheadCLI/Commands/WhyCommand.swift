import Configuration
import Diagnostics
import Foundation
import ImportScanning
import PackageLoading
import ModuleGraph
import Reporting

/// `bulkhead why A B`: how target A comes to depend on target B.
enum WhyCommand: Command {
    static let name = "why"
    static let summary = "Show the dependency paths from one target to another."
    static let usage = "why FROM TO [--package-path PATH] [--limit N] [--manifest-only] [--format text|json]"
    static let discussion = """
    Prints the paths from FROM to TO, shortest first, at most --limit of them (default 10).
    Paths follow the dependencies declared in the manifests and, unless --manifest-only, the
    imports in the targets' sources: a hop drawn ⇢ is an import the manifest does not declare
    (the build passes by luck, or not at all).

    Name targets by name, or as package/name when names repeat across packages. TO may also be
    a product of a remote package, or a module of one: paths then end with the declaration that
    brings the product in. When --limit leaves paths out, the last line says how many.

    EXIT STATUS: 0 at least one path; 1 FROM does not depend on TO; 2 Bulkhead could not run;
    64 usage error.
    """

    enum Format: String, CaseIterable {
        case text, json
    }

    static let options: [OptionDefinition] = PackageOptions.definitions + [
        .value(.limit, "N", help: "Print at most N paths (default 10)."),
        .flag(.manifestOnly, help: "Follow declared dependencies only, not imports."),
        .value(.format, "FORMAT", help: "text (default) or json.", choices: Format.allCases.map(\.rawValue)),
    ]

    struct Report: Codable {
        struct Path: Codable {
            var targets: [String]
            /// Per hop: `manifest`, `import`, or `manifest+import`.
            var hops: [String]
            /// Per hop, when one arrived other than by declaration (an Xcode target's Frameworks
            /// phase, an embedded product, a test host): `declared`, `linked`, `embedded`,
            /// `hosted`, or null for an undeclared import. Absent when every hop is declared.
            var arrivals: [String?]?
        }

        var version = 1
        var tool = "bulkhead"
        var command = "why"
        var from: String
        var to: String
        var paths: [Path]
        /// Paths the limit left out; nil when they could not be counted.
        var notShown: Int?
        /// Where TO's code is in FROM's process, when FROM is a binary image (an app, an
        /// extension, a framework, a test bundle): each image holding it, with the chain of links
        /// from FROM. Two entries are one module held twice (`duplicate-copy`). Absent otherwise.
        var images: [Holder]?

        struct Holder: Codable {
            var image: String
            var chain: String
        }
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitStatus {
        guard arguments.positionals.count == 2 else {
            throw UsageError.invalid("'bulkhead why' needs two targets: the one that depends and the one it depends on")
        }
        var limit = 10
        if let text = arguments.value(.limit) {
            guard let value = Int(text), value > 0 else { throw UsageError.invalid("--limit takes a whole number above 0; got '\(text)'") }
            limit = value
        }
        let format = arguments.value(.format).flatMap(Format.init(rawValue:)) ?? .text
        let location = PackageOptions.location(arguments, context: context)
        let (_, configuration) = try ConfigurationOptions.load(arguments, packagePath: location.root.path, context: context)
        let loaded = try PackageOptions.loadGraph(arguments, context: context, location: location, configuration: configuration)
        let graph = loaded.graph
        let importEdges = arguments.isSet(.manifestOnly) ? [:] : SourceScan.scan(loaded).edges(in: graph, environment: BuildEnvironment.unknown)
        let (from, found) = try WhyPaths.find(from: arguments.positionals[0], to: arguments.positionals[1], in: graph, limit: limit, importEdges: importEdges)
        let paths = found.paths
        let holders = Self.holders(of: arguments.positionals[1], from: from.id, in: graph)

        switch format {
        case .json:
            let report = Report(from: graph.displayName(from.id), to: found.to, paths: paths.map { path in
                Report.Path(targets: path.names, hops: path.hops.map(hopName),
                            arrivals: Self.isPlainlyDeclared(path) ? nil : path.arrivals.map { $0?.rawValue })
            }, notShown: found.notShown, images: holders.isEmpty ? nil : holders)
            context.standardOutput.write(try SortedJSON.text(of: report, document: "why"))
        case .text:
            // Names with control characters escaped: each path stays one line, and no name can
            // send escape sequences to the terminal.
            if paths.isEmpty {
                context.standardOutput.writeLine("\(VisibleText.escaped(graph.displayName(from.id))) does not depend on \(VisibleText.escaped(found.to))")
            }
            for path in paths {
                var line = VisibleText.escaped(path.names[0])
                for (index, (hop, name)) in zip(path.hops, path.names.dropFirst()).enumerated() {
                    line += (hop.contains(.manifest) ? " → " : " ⇢ ") + VisibleText.escaped(name)
                    // "App → Core (linked in Frameworks)": a hop Xcode's project makes other than
                    // by a declared dependency says how.
                    if hop.contains(.manifest), index < path.arrivals.count, let arrival = path.arrivals[index], arrival != .declared {
                        line += " (\(arrival.phrase))"
                    }
                }
                context.standardOutput.writeLine(line)
            }
            switch found.notShown {
            case 0: break
            case let count?: context.standardOutput.writeLine("… and \(count) more path\(count == 1 ? "" : "s"); --limit \(paths.count + count) shows them")
            case nil where paths.count == limit: context.standardOutput.writeLine("… and perhaps more paths (imports form a cycle, so they were not counted); raise --limit")
            case nil: break
            }
            if !holders.isEmpty {
                // "Extension → Shared (holds Networking)": which binary holds the code, which
                // is what decides whether linking it again makes a second copy.
                context.standardOutput.writeLine("\nIn \(VisibleText.escaped(graph.displayName(from.id)))'s process, \(VisibleText.escaped(found.to))'s code is in "
                    + (holders.count == 1 ? "one image:" : "\(holders.count) images (duplicate-copy says what the build makes of it):"))
                for holder in holders {
                    context.standardOutput.writeLine("  \(VisibleText.escaped(holder.image)) holds it: \(VisibleText.escaped(holder.chain))")
                }
            }
            if paths.contains(where: { $0.hops.contains { !$0.contains(.manifest) } }) {
                context.standardOutput.writeLine("\n⇢ an import in the sources that the manifest does not declare")
            }
        }
        return paths.isEmpty ? .violations : .clean
    }

    /// The images of `from`'s process that hold `toName`'s code (a target's module, or a remote
    /// product's or module's), each with the chain from `from`; empty when `from` is no image.
    static func holders(of toName: String, from: TargetID, in graph: ModuleGraph) -> [Report.Holder] {
        let images = BinaryImages(graph: graph)
        guard let own = images.image(of: from) else { return [] }
        let targets = Set(graph.targets(named: toName).map(\.id))
        let remoteModules = Set(graph.externalProducts.filter { $0.name == toName }.flatMap(\.modules) + [toName])
        var holders: [Report.Holder] = []
        for (id, loads) in images.mappedImages(from: own.id) {
            for holding in images.image(id)?.holdings ?? [] {
                let matches: Bool
                switch holding.module {
                case .target(let target): matches = targets.contains(target)
                case .remote(_, let module): matches = targets.isEmpty && remoteModules.contains(module)
                }
                guard matches else { continue }
                holders.append(Report.Holder(image: BinaryImages.name(of: id, in: graph),
                                             chain: BinaryImages.chainText(loads: loads, chain: holding.chain, in: graph)))
            }
        }
        // Worth saying when the code is elsewhere than in FROM itself or in TO's own image (what
        // the paths say already), or held twice.
        let plain = [BinaryImages.name(of: own.id, in: graph)] + targets.map { graph.displayName($0) }
        if holders.count == 1, let only = holders.first, plain.contains(only.image) { return [] }
        return holders
    }

    /// Whether every declared hop of a path is a plain declaration, so JSON needs no arrivals.
    private static func isPlainlyDeclared(_ path: WhyPaths.Path) -> Bool {
        path.arrivals.allSatisfy { $0 == nil || $0 == .declared }
    }

    private static func hopName(_ kinds: EdgeKinds) -> String {
        switch (kinds.contains(.manifest), kinds.contains(.sourceImport)) {
        case (true, true): "manifest+import"
        case (true, false): "manifest"
        default: "import"
        }
    }
}
