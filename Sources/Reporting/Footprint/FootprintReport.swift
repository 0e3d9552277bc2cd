import Diagnostics
import Formats
import ModuleGraph

/// `bulkhead footprint`: per binary image, the modules whose code it holds, the Swift source and
/// resource bytes each brings, and the chain of links that brought it in. Pure: the image model
/// and the sizes come in, text or JSON goes out.
package struct FootprintReport: Encodable, Sendable {
    package struct Module: Encodable, Sendable, Equatable {
        package var module: String
        /// The target, for a module of the graph (`package/name` where names repeat).
        package var target: String?
        /// The remote package, for a module of a remote product.
        package var package: String?
        /// Nil for a remote module, whose files are not read.
        package var sourceBytes: Int?
        package var resourceBytes: Int?
        /// From one of the image's own targets to the module: `App → Feature → Networking`.
        package var chain: String
    }

    package struct Image: Encodable, Sendable {
        package var name: String
        package var kind: String
        /// Whether it starts a process (an app, an extension, a tool, a test runner).
        package var startsProcess: Bool
        /// The app a hosted unit-test bundle is loaded into.
        package var host: String?
        package var modules: [Module]
        /// The dynamic images it loads directly.
        package var loads: [String]
        /// Of the modules whose files are read.
        package var sourceBytes: Int
        package var resourceBytes: Int
        /// Modules of remote products, whose bytes are not counted.
        package var remoteModules: Int
    }

    /// A module held by more than one image: what linking it statically costs across the app.
    package struct Shared: Encodable, Sendable, Equatable {
        package var module: String
        package var images: [String]
    }

    /// What changed against a base revision, per image: the modules each gained and lost, and
    /// the change in its bytes. Images that are new or gone say so.
    package struct Change: Encodable, Sendable {
        package var name: String
        /// `added`, `removed`, or `changed`.
        package var status: String
        package var addedModules: [Module]
        package var removedModules: [Module]
        package var sourceBytes: Int
        package var resourceBytes: Int
    }

    package struct Comparison: Encodable, Sendable {
        /// As given on the command line.
        package var revision: String
        package var commit: String
        /// Only the images that changed, by name.
        package var images: [Change]
    }

    package var version = 1
    package var tool = "bulkhead"
    package var command = "footprint"
    package var images: [Image]
    package var shared: [Shared]
    package var base: Comparison?

    /// Sets `base` to what changed from `old` (the same report at the base revision) to this one.
    package mutating func compare(with old: FootprintReport, revision: String, commit: String) {
        let before = Dictionary(old.images.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(images.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        var changes: [Change] = []
        for name in Set(before.keys).union(after.keys).sorted() {
            let was = before[name], now = after[name]
            let wasModules = Set(was?.modules.map(\.module) ?? []), nowModules = Set(now?.modules.map(\.module) ?? [])
            let added = (now?.modules ?? []).filter { !wasModules.contains($0.module) }
            let removed = (was?.modules ?? []).filter { !nowModules.contains($0.module) }
            let source = (now?.sourceBytes ?? 0) - (was?.sourceBytes ?? 0)
            let resources = (now?.resourceBytes ?? 0) - (was?.resourceBytes ?? 0)
            guard !added.isEmpty || !removed.isEmpty || source != 0 || resources != 0 else { continue }
            changes.append(Change(name: name, status: was == nil ? "added" : now == nil ? "removed" : "changed",
                                  addedModules: added, removedModules: removed, sourceBytes: source, resourceBytes: resources))
        }
        base = Comparison(revision: revision, commit: commit, images: changes)
    }

    package init(graph: ModuleGraph, images model: BinaryImages, sizes: [TargetID: (sourceBytes: Int, resourceBytes: Int)]) {
        var images: [Image] = []
        var holders: [String: [String]] = [:]
        for image in model.images {
            let name = BinaryImages.name(of: image.id, in: graph)
            var modules: [Module] = []
            for holding in image.holdings {
                let moduleName = BinaryImages.moduleName(of: holding.module, in: graph)
                let chain = BinaryImages.chainText(loads: [], chain: holding.chain, in: graph)
                switch holding.module {
                case .target(let id):
                    let size = sizes[id]
                    modules.append(Module(module: moduleName, target: graph.displayName(id), sourceBytes: size?.sourceBytes ?? 0,
                                          resourceBytes: size?.resourceBytes ?? 0, chain: chain))
                case .remote(let package, _):
                    modules.append(Module(module: moduleName, package: package, chain: chain))
                }
                holders[moduleName, default: []].append(name)
            }
            images.append(Image(
                name: name, kind: image.kind.rawValue, startsProcess: image.startsProcess,
                host: image.host.map { BinaryImages.name(of: $0, in: graph) },
                modules: modules, loads: image.loads.map { BinaryImages.name(of: $0.image, in: graph) },
                sourceBytes: modules.reduce(0) { $0 + ($1.sourceBytes ?? 0) },
                resourceBytes: modules.reduce(0) { $0 + ($1.resourceBytes ?? 0) },
                remoteModules: modules.filter { $0.package != nil }.count))
        }
        self.images = images.sorted { ($0.name, $0.kind) < ($1.name, $1.kind) }
        shared = holders.filter { $0.value.count > 1 }.map { Shared(module: $0.key, images: $0.value.sorted()) }.sorted { $0.module < $1.module }
    }

    package func json() throws(ReportError) -> String {
        try SortedJSON.text(of: self, document: "footprint")
    }

    /// One block per image, its modules aligned, then the modules several images hold.
    package func text() -> String {
        var lines: [String] = []
        for image in images {
            // A product's name already says what it is.
            var kind = image.kind == BinaryImages.Kind.dynamicProduct.rawValue ? [] : [image.kind]
            if let host = image.host { kind.append("loaded into \(host)") }
            var head = image.name + (kind.isEmpty ? "" : " (\(kind.joined(separator: ", ")))")
            head += ": \(Self.count(image.modules.count, "module")), \(Self.bytes(image.sourceBytes)) of Swift, \(Self.bytes(image.resourceBytes)) of resources"
            if image.remoteModules > 0 { head += " (\(image.remoteModules) remote, not counted)" }
            if !image.loads.isEmpty { head += "; loads \(image.loads.joined(separator: ", "))" }
            lines.append(head)
            let width = image.modules.map(\.module.count).max() ?? 0
            for module in image.modules {
                let name = module.module.padding(toLength: width, withPad: " ", startingAt: 0)
                let swift = (module.sourceBytes.map(Self.bytes) ?? "?").leftPadded(to: 9)
                let resources = (module.resourceBytes.map(Self.bytes) ?? "?").leftPadded(to: 9)
                lines.append("  \(name)  \(swift)  \(resources)  \(module.chain)")
            }
        }
        if let base {
            lines.append("")
            let commit = String(base.commit.prefix(12))
            lines.append(base.images.isEmpty ? "Against \(base.revision) (\(commit)): no image changed."
                                             : "Against \(base.revision) (\(commit)):")
            for change in base.images {
                var head = "  \(change.name)"
                if change.status != "changed" { head += " (\(change.status))" }
                head += ": \(Self.signed(change.addedModules.count - change.removedModules.count, "module")), "
                    + "\(Self.signedBytes(change.sourceBytes)) of Swift, \(Self.signedBytes(change.resourceBytes)) of resources"
                lines.append(head)
                for module in change.addedModules { lines.append("    + \(module.module)  \(module.chain)") }
                for module in change.removedModules { lines.append("    - \(module.module)  \(module.chain)") }
            }
        }
        if !shared.isEmpty {
            lines.append("")
            lines.append("Held by more than one image:")
            for entry in shared { lines.append("  \(entry.module): \(entry.images.joined(separator: ", "))") }
        }
        return lines.map(VisibleText.escaped).joined(separator: "\n") + "\n"
    }

    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    static func signed(_ number: Int, _ noun: String) -> String {
        (number > 0 ? "+" : number < 0 ? "−" : "±") + count(abs(number), noun)
    }

    static func signedBytes(_ count: Int) -> String {
        count == 0 ? "±0 B" : (count > 0 ? "+" : "−") + bytes(abs(count))
    }

    /// `812 B`, `12.3 KB`, `4.1 MB`: decimal units, as Finder shows sizes.
    static func bytes(_ count: Int) -> String {
        if count < 1000 { return "\(count) B" }
        let units = ["KB", "MB", "GB"]
        var value = Double(count) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let tenths = Int((value * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: " ", count: width - count) + self
    }
}
