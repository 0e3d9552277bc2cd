import Configuration
import Diagnostics
import ModuleGraph

/// `feature-shape`: every feature X is four targets — X, XInterface, XTesting, XTests — in one
/// folder, with the arrows between them that the `features` preset's convention states.
struct FeatureShapeRule: Rule {
    static let description = RuleDescription(
        id: "feature-shape",
        summary: "A feature lacks one of X, XInterface, XTesting, XTests, keeps them in different folders, or wires them wrongly.",
        rationale: """
        The features convention only holds if every feature has the same shape: its contract \
        (XInterface, which knows no feature), its implementation (X, using its own interface), \
        its fakes (XTesting, implementing the interface) and its tests (XTests, using X and \
        XTesting), all in Features/X so whoever moves or deletes the feature deals with one \
        folder. A feature without an interface is one others must depend on directly; one \
        without fakes makes its neighbours' tests build it. A feature is any target with an \
        XInterface beside it, or under Features/X/Sources. Off unless the `features` preset or \
        the configuration turns it on.
        """,
        defaultSeverity: nil,
        triggering: [
            RuleExample("Search has no Testing target, and its tests live elsewhere.", targets: [
                .init("↓Search", path: "Features/Search/Sources", dependencies: ["SearchInterface"]),
                .init("SearchInterface", path: "Features/Search/Interface"),
                .init("↓SearchTests", path: "Tests/SearchTests", kind: "test", dependencies: ["Search"]),
            ]),
            RuleExample("The interface depends on its implementation.", targets: [
                .init("Search", path: "Features/Search/Sources", dependencies: ["SearchInterface"]),
                .init("SearchInterface", path: "Features/Search/Interface", dependencies: ["↓Search"]),
                .init("SearchTesting", path: "Features/Search/Testing", dependencies: ["SearchInterface"]),
                .init("SearchTests", path: "Features/Search/Tests", kind: "test", dependencies: ["Search", "SearchTesting"]),
            ]),
        ],
        nonTriggering: [
            RuleExample("The four targets in one folder, wired as the convention says.", targets: [
                .init("Search", path: "Features/Search/Sources", dependencies: ["SearchInterface"]),
                .init("SearchInterface", path: "Features/Search/Interface"),
                .init("SearchTesting", path: "Features/Search/Testing", dependencies: ["SearchInterface"]),
                .init("SearchTests", path: "Features/Search/Tests", kind: "test", dependencies: ["Search", "SearchTesting"]),
            ]),
        ])

    /// The parts of a feature, by the suffix its name adds.
    private enum Part: String, CaseIterable {
        case implementation = "", interface = "Interface", testing = "Testing", tests = "Tests"
    }

    /// Arrows each feature must have, and must not have, between its own parts.
    private static let required: [(Part, Part)] = [(.implementation, .interface), (.testing, .interface), (.tests, .implementation), (.tests, .testing)]
    private static let forbidden: [(Part, Part)] = [(.interface, .implementation), (.interface, .testing), (.implementation, .testing), (.testing, .implementation)]

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        var findings: [Finding] = []
        for package in graph.packages where package.isLocal {
            let targets = graph.targets.filter { $0.id.package == package.identity }
            let byName = Dictionary(targets.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
            var features: Set<String> = []
            for target in targets where !target.isTest {
                if target.name.hasSuffix("Interface"), target.name.count > "Interface".count { features.insert(String(target.name.dropLast("Interface".count))) }
                let folders = target.path.split(separator: "/")
                if folders.count >= 3, folders[folders.count - 1] == "Sources", folders[folders.count - 3] == "Features" { features.insert(target.name) }
            }
            for feature in features.sorted() {
                let parts = Dictionary(Part.allCases.compactMap { part in byName[feature + part.rawValue].map { (part, $0) } }, uniquingKeysWith: { first, _ in first })
                // Findings about the feature as a whole sit at its implementation, else its interface.
                guard let anchor = parts[.implementation] ?? parts[.interface], !input.isExcluded(anchor) else { continue }
                func report(_ target: Target, subject: String, message: String, dependency: String? = nil) {
                    findings.append(Finding(ruleID: Self.description.id, severity: severity, target: target.id, subject: subject,
                                            message: message, place: .manifest(dependency: dependency)))
                }
                for part in Part.allCases {
                    let name = feature + part.rawValue
                    guard let target = parts[part] else {
                        report(anchor, subject: "missing \(name)", message: "feature \(feature) has no \(name) target; every feature is \(feature), \(feature)Interface, \(feature)Testing and \(feature)Tests")
                        continue
                    }
                    if (part == .tests) != target.isTest {
                        report(target, subject: "kind \(name)", message: "\(name) should be \(part == .tests ? "a test target" : "a library target, not a test target") in feature \(feature)")
                    }
                }
                let folder = Self.parent(of: anchor.path)
                for part in Part.allCases {
                    guard let target = parts[part], target.id != anchor.id, Self.parent(of: target.path) != folder else { continue }
                    report(target, subject: "folder \(target.name)", message: "\(target.name) is in \(target.path), outside feature \(feature)'s folder \(folder); keep the four targets of a feature in one folder")
                }
                for (from, to) in Self.required {
                    guard let source = parts[from], let destination = parts[to], !input.isExcluded(source) else { continue }
                    guard !declares(source, destination, in: graph) else { continue }
                    report(source, subject: "arrow \(source.name) → \(destination.name)", message: "\(source.name) does not depend on \(destination.name); in feature \(feature), \(Self.role(from)) uses \(Self.role(to))")
                }
                for (from, to) in Self.forbidden {
                    guard let source = parts[from], let destination = parts[to], !input.isExcluded(source) else { continue }
                    guard let declared = graph.dependencies(of: source.id).first(where: { $0.node == .target(destination.id) }) else { continue }
                    let name = declared.product ?? destination.name
                    report(source, subject: name, message: "\(source.name) depends on \(destination.name); in feature \(feature), \(Self.role(from)) never uses \(Self.role(to))", dependency: name)
                }
            }
        }
        return findings
    }

    private func declares(_ source: Target, _ destination: Target, in graph: ModuleGraph) -> Bool {
        graph.dependencies(of: source.id).contains { $0.node == .target(destination.id) }
    }

    private static func role(_ part: Part) -> String {
        switch part {
        case .implementation: "the implementation"
        case .interface: "the interface"
        case .testing: "the Testing target"
        case .tests: "the tests"
        }
    }

    private static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
