import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

extension RuleExample {
    /// The example as a check input: a package "example" with its targets, their one source file
    /// scanned for real, remote packages for the products it names, and its layers. Only
    /// `ruleID` is enabled, so the example speaks for one rule.
    package func input(enabling ruleID: String) -> CheckInput {
        var remotePackages: Set<String> = []
        var externals: Set<ExternalProduct> = []
        var targets: [Target] = []
        var sources: [TargetID: [SourceFile]] = [:]
        var configuration = Configuration(layers: layers, linkOnly: linkOnly.compactMap(LinkOnlyDependency.init(parsing:)))
        configuration.source = source
        configuration.footprintBudgets = footprintBudgets
        let inspection = configuration.sourceInspection
        // A dependency names a target of the example, in whichever package it is.
        let packageOfTarget = Dictionary(self.targets.map { ($0.name, $0.package) }, uniquingKeysWith: { first, _ in first })
        for example in self.targets {
            let id = TargetID(package: example.package, name: example.name)
            var dependencies = example.dependencies.map { name -> DependencyEdge in
                let package = packageOfTarget[name] ?? "example"
                // A target of another local package is reached through its product there, as a
                // manifest must spell it.
                if package != example.package, package != "example",
                   let product = products.first(where: { $0.package == package && $0.targets.contains(name) }) {
                    return DependencyEdge(.product(name: product.name, package: package))
                }
                return DependencyEdge(.target(TargetID(package: package, name: name)))
            }
            for product in example.products {
                // A trailing `?`: the product's modules are unknown, as without a checkout.
                let isGuess = product.hasSuffix("?")
                let parts = (isGuess ? String(product.dropLast()) : product).split(separator: "@").map(String.init)
                let (name, package) = (parts[0], parts.count > 1 ? parts[1] : parts[0].lowercased())
                remotePackages.insert(package)
                externals.insert(ExternalProduct(name: name, package: package, modules: [name], isGuess: isGuess))
                dependencies.append(DependencyEdge(.product(name: name, package: package)))
            }
            let kind = TargetKind(rawValue: example.kind) ?? .library
            let file = "\(example.path)/\(example.name).swift"
            let settings = example.settings.compactMap(RequiredSetting.init(parsing:)).map { BuildSetting(tool: "swift", kind: $0.kind, values: [$0.value]) }
            targets.append(Target(id: id, kind: kind, moduleName: example.name.replacingDashes(), path: example.path,
                                  sources: example.source.isEmpty ? [] : ["\(example.name).swift"], settings: settings, dependencies: dependencies))
            if !example.source.isEmpty {
                let scan = ImportScanner.scan(example.source.joined(separator: "\n") + "\n", inspecting: inspection)
                let lines = scan.imports.map(\.position.line) + scan.identifiers.map(\.position.line) + scan.declarations.map(\.position.line)
                    + scan.declarations.flatMap { $0.inheritancePositions.map(\.line) }
                let texts = Dictionary(lines.map { ($0, example.source[$0 - 1]) }, uniquingKeysWith: { first, _ in first })
                sources[id] = [SourceFile(path: file, imports: scan.imports, lineTexts: texts, directives: scan.directives,
                                          identifiers: scan.identifiers, declarations: scan.declarations)]
            }
        }
        let others = Set(self.targets.map(\.package)).subtracting(["example"]).sorted()
        let declared = products.filter { $0.package == "example" }.map { Product(name: $0.name, type: $0.type, linkage: $0.type == "library" ? $0.linkage ?? "automatic" : nil, targets: $0.targets) }
        var root = PackageNode(identity: "example", name: "Example", origin: .local(path: "."), products: declared, dependencies: remotePackages.sorted(), toolsVersion: "6.0.0")
        for package in remotePackages {
            root.remoteRequirements[package] = RemoteRequirement(url: "https://example.com/\(package).git", requirement: requirements[package] ?? "exact: 1.0.0")
        }
        switch resolved {
        case .missing: root.resolvedPins = nil
        case .pins(let versions):
            root.resolvedPins = versions.mapValues { ResolvedPin(location: "", version: $0) }
        case .matching:
            // Pinned at the exact version, or a range's lower bound.
            root.resolvedPins = root.remoteRequirements.mapValues { declared in
                switch VersionRequirement(declared.requirement) {
                case .exact(let version), .range(let version, _): ResolvedPin(location: declared.url, version: version)
                case .branch(let name): ResolvedPin(location: declared.url, branch: name)
                case .revision(let revision): ResolvedPin(location: declared.url, revision: revision)
                case .unknown: ResolvedPin(location: declared.url)
                }
            }
        }
        let packages = [root]
            + others.map { package in
                PackageNode(identity: package, name: package, origin: .local(path: package), products: products.filter { $0.package == package }.map {
                    Product(name: $0.name, type: $0.type, linkage: $0.type == "library" ? $0.linkage ?? "automatic" : nil, targets: $0.targets)
                })
            }
            + remotePackages.sorted().map { PackageNode(identity: $0, name: $0, origin: .remote(url: "https://example.com/\($0).git", requirement: requirements[$0] ?? "exact: 1.0.0")) }
        var settings: [String: RuleSetting] = [:]
        for rule in RuleCatalog.all { settings[rule.id] = rule.id == ruleID ? (rule.defaultSeverity == .error ? .error : .warning) : .off }
        configuration.rules = settings
        configuration.allowedLinkage = allowedLinkage
        return CheckInput(
            graph: ModuleGraph(packages: packages, targets: targets, externalProducts: Array(externals)),
            sources: sources,
            configuration: configuration)
    }

    /// The example as a person reads it: its layers, then each target as a manifest declaration
    /// with its source underneath.
    package var rendered: String {
        var lines: [String] = []
        if !layers.isEmpty {
            lines.append("layers: " + layers.map { layer in
                "\(layer.name) (\((layer.paths + layer.targets + layer.suffixes.map { "*\($0)" } + layer.prefixes.map { "\($0)*" }).joined(separator: ", "))) may use \(layer.mayUse.isEmpty ? "nothing" : layer.mayUse.joined(separator: ", "))"
                    + (layer.allowsThirdParty ? ", and third-party products" : "")
            }.joined(separator: "; "))
        }
        for layer in layers where !layer.requiredSettings.isEmpty {
            lines.append("layer \(layer.name) requiredSettings: [\(layer.requiredSettings.map { "\"\($0.description)\"" }.joined(separator: ", "))]")
        }
        for (package, requirement) in requirements.sorted(by: { $0.key < $1.key }) {
            lines.append(".package(url: \"https://example.com/\(package).git\", \(VersionRequirement(requirement).spelling))")
        }
        switch resolved {
        case .matching: break
        case .missing: lines.append("// no Package.resolved")
        case .pins(let versions):
            lines.append("// Package.resolved: " + versions.sorted(by: { $0.key < $1.key }).map { "\($0.key) \($0.value)" }.joined(separator: ", "))
        }
        if !linkOnly.isEmpty {
            lines.append("bulkhead.json: linkOnly: [\(linkOnly.map { "\"\($0)\"" }.joined(separator: ", "))]")
        }
        if !allowedLinkage.isEmpty {
            lines.append("bulkhead.json: products: { allowLinkage: [\(allowedLinkage.map { "\"\($0)\"" }.joined(separator: ", "))] }")
        }
        for product in products {
            let type = product.linkage.map { ", type: .\($0)" } ?? ""
            if product.package != "example" { lines.append("// in package \(product.package)") }
            lines.append(".\(product.type)(name: \"\(product.name)\"\(type), targets: [\(product.targets.map { "\"\($0)\"" }.joined(separator: ", "))])")
        }
        lines += source.renderedLines
        for budget in footprintBudgets {
            var fields: [String] = []
            if !budget.images.isEmpty { fields.append("images: [\(budget.images.map { "\"\($0)\"" }.joined(separator: ", "))]") }
            if !budget.kinds.isEmpty { fields.append("kinds: [\(budget.kinds.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))]") }
            if let max = budget.maxModules { fields.append("maxModules: \(max)") }
            if let max = budget.maxSourceBytes { fields.append("maxSourceBytes: \(max)") }
            lines.append("bulkhead.json: footprint: { budgets: [{ \(fields.joined(separator: ", ")) }] }")
        }
        for target in targets {
            var arguments = ["name: \"\(target.name)\""]
            let dependencies = target.dependencies.map { "\"\($0)\"" } + target.products.map { product -> String in
                let isGuess = product.hasSuffix("?")
                let parts = (isGuess ? String(product.dropLast()) : product).split(separator: "@")
                return ".product(name: \"\(parts[0])\", package: \"\(parts.count > 1 ? parts[1] : parts[0])\")"
                    + (isGuess ? " /* not checked out: modules unknown */" : "")
            }
            if !dependencies.isEmpty { arguments.append("dependencies: [\(dependencies.joined(separator: ", "))]") }
            if target.path != "Sources/\(target.name)" { arguments.append("path: \"\(target.path)\"") }
            if !target.settings.isEmpty {
                arguments.append("swiftSettings: [\(target.settings.compactMap(RequiredSetting.init(parsing:)).map(\.manifestSpelling).joined(separator: ", "))]")
            }
            if target.package != "example" { lines.append("// in package \(target.package)") }
            let factory = target.kind == "library" ? "target" : target.kind == "test" ? "testTarget" : target.kind
            lines.append(".\(factory)(\(arguments.joined(separator: ", ")))")
            if !target.source.isEmpty {
                lines.append("    // \(target.path)/\(target.name).swift")
                lines += target.source.map { "    " + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }
}

private extension String {
    func replacingDashes() -> String { String(map { $0 == "-" ? "_" : $0 }) }
}
