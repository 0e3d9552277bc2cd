import Diagnostics
import ModuleGraph

/// `duplicate-copy`: one process maps two images that each hold a module's code.
struct DuplicateCopyRule: Rule {
    static let description = RuleDescription(
        id: "duplicate-copy",
        summary: "A module's code is held by two binary images that one process loads.",
        rationale: """
        A static library — a package target reached through an automatic or `.static` product, \
        a remote product, a static framework — is copied into every image that links it. When an \
        app links it and so does a dynamic framework the app embeds, or two `.dynamic` products \
        of one package share a target that one executable uses, the process holds two copies: \
        the runtime warns "Class X is implemented in both", singletons are made twice, a cast \
        between the two copies' types fails, and a witness table may resolve to the wrong one. \
        The finding names the process and both chains. In an Xcode build, Xcode looks for such \
        diamonds among package products itself: it builds a module of an automatic product as a \
        framework of its own (one copy, and a framework nobody declared: a warning here) and \
        stops the build for a `.static` product (an error here, which says so); with \
        DISABLE_DIAMOND_PROBLEM_DIAGNOSTIC = YES on a target of the process both copies ship. Link the module into one image of the \
        process: reach it through the framework that holds it (re-exported there with \
        `@_exported import`), or make it one dynamic image both link (a framework, or a \
        `.dynamic` product). Two processes each holding a copy (an app and its extension) are \
        footprint, not a defect: `bulkhead footprint` lists them. Hosted unit-test bundles are \
        not judged, and binary targets, whose slices are not read, never count.
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("Tool links Core directly and through the dynamic product Kit, which holds it too.", targets: [
                .init("Tool", kind: "executable", dependencies: ["Core", "↓Kit"], source: ["import Core", "import Kit"]),
                .init("Kit", dependencies: ["Core"], source: ["import Core"], package: "kit"),
                .init("Core", package: "kit"),
            ], products: [.init("Kit", linkage: "dynamic", targets: ["Kit"], package: "kit"), .init("Core", targets: ["Core"], package: "kit")]),
        ],
        nonTriggering: [
            RuleExample("Tool reaches Core only through the dynamic product Kit: one copy.", targets: [
                .init("Tool", kind: "executable", dependencies: ["Kit"], source: ["import Kit"]),
                .init("Kit", dependencies: ["Core"], source: ["@_exported import Core"], package: "kit"),
                .init("Core", package: "kit"),
            ], products: [.init("Kit", linkage: "dynamic", targets: ["Kit"], package: "kit")]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var findings: [Finding] = []
        for duplicate in input.duplicateCopies {
            guard case .target(let root) = duplicate.process, let target = graph.target(root), !input.isExcluded(target),
                  duplicate.copies.count > 1 else { continue }
            let module = BinaryImages.moduleName(of: duplicate.module, in: graph)
            let holders = duplicate.copies.map { BinaryImages.name(of: $0.image, in: graph) }
            var notes = duplicate.copies.map { copy in
                "\(BinaryImages.name(of: copy.image, in: graph)) holds it: " + BinaryImages.chainText(loads: copy.loads, chain: copy.chain, in: graph)
            }
            notes.append(Self.remedy(module: module, duplicate: duplicate, in: graph))
            let shownHolders = ListPhrase.joined(holders)
            let times = duplicate.copies.count == 2 ? "twice" : "\(duplicate.copies.count) times"
            let message: String
            var reported = severity
            switch duplicate.outcome {
            case .twoCopies:
                message = "\(target.name)'s process holds \(module) \(times): in \(shownHolders)"
            case .xcodeStops(let product):
                message = "\(target.name)'s process would hold \(module) \(times), in \(shownHolders): Xcode stops the build "
                    + "(\"Swift package product '\(product)' is linked as a static library by …\")"
            case .xcodeAddsAFramework:
                // One copy ships: Xcode mends the graph by building the module as a framework
                // nobody declared. Worth knowing, not failing for.
                message = "\(target.name) links \(module) statically into \(shownHolders), one process: "
                    + "Xcode keeps one copy only by building \(module) as a framework of its own"
                if reported == .error { reported = .warning }
                notes.append("with DISABLE_DIAMOND_PROBLEM_DIAGNOSTIC = YES on a target of the process, both copies would ship")
            }
            findings.append(Finding(
                ruleID: Self.description.id, severity: reported, target: root, subject: module,
                message: message,
                notes: notes,
                place: .manifest(dependency: Self.declaredName(leadingTo: duplicate.copies[1], from: root, in: graph))))
        }
        return findings
    }

    /// How to keep one copy: the process's own image drops its link and reaches the module
    /// through the image it loads; two loaded images share one dynamic image instead.
    static func remedy(module: String, duplicate: BinaryImages.DuplicateCopy, in graph: ModuleGraph) -> String {
        let process = BinaryImages.name(of: duplicate.process, in: graph)
        let loaded = duplicate.copies.filter { $0.image != duplicate.process }.map { BinaryImages.name(of: $0.image, in: graph) }
        if duplicate.copies.contains(where: { $0.image == duplicate.process }), let holder = loaded.first {
            return "keep one copy: drop \(module) from what \(process) links and reach it through \(holder) "
                + "(`@_exported import \(module)` there), or make \(module) a dynamic image that both link"
        }
        return "keep one copy: make \(module) one dynamic image (a framework, or a `.dynamic` product of its own) that "
            + "\(ListPhrase.joined(loaded)) link, or link it into only one of them"
    }

    /// The dependency of the process's own target that brings `copy` in, as its declaration names
    /// it: where the finding points in the manifest or project.
    static func declaredName(leadingTo copy: BinaryImages.DuplicateCopy.Copy, from root: TargetID, in graph: ModuleGraph) -> String? {
        let steps: [GraphNode]
        if let first = copy.loads.first {
            steps = first.via
            if steps.count < 2 {
                switch first.image {
                case .target(let id): return id.name
                case .product(_, let name): return name
                }
            }
        } else {
            steps = copy.chain
        }
        guard steps.count > 1 else { return nil }
        let next = steps[1]
        // Through a product, the declaration names the product.
        if let dependency = graph.dependencies(of: root).first(where: { $0.node == next }), let product = dependency.product { return product }
        switch next {
        case .target(let id): return id.name
        case .external(_, let product): return product
        }
    }
}
