import Foundation
import Selection
import Testing

/// A project's two versions compared as `ProjectSummary` values give what the comparison of the
/// dump-shaped JSON it replaced gave for the same change: the parts of each target, departed
/// targets, and packages by identity.
@Suite(.tags(.small)) struct ProjectSummaryComparisonTests {
    static let base = ProjectSummary(name: "Shop", targets: [
        .init(name: "Shop", type: "application", module: "Shop", sources: ["Shop/App.swift"], packageProducts: ["Modules#Kit"]),
        .init(name: "ShopTests", type: "unitTestBundle", module: "ShopTests", sources: ["ShopTests/T.swift"], dependencies: ["Shop"], testHost: "Shop"),
        .init(name: "Widget", type: "appExtension", module: "Widget"),
    ], packages: [
        .init(identity: "modules", source: .fileSystem(path: "Modules")),
        .init(identity: "https://example.com/a.git", source: .sourceControl(location: "https://example.com/a.git", requirement: "kind: exactVersion, version: 1.0.0")),
    ])

    /// The summary as the JSON `XcodeProject.comparableSummary()` wrote it.
    static func dump(_ summary: ProjectSummary) -> ManifestVersion {
        let targets: [[String: Any]] = summary.targets.map { target in
            var entry: [String: Any] = [
                "name": target.name, "type": target.type, "module": target.module, "sources": target.sources,
                "packageProducts": target.packageProducts, "dependencies": target.dependencies, "ownedFiles": target.ownedFiles,
                "configurationFiles": target.configurationFiles,
            ]
            if let host = target.testHost { entry["testHost"] = host }
            return entry
        }
        let dependencies: [[String: Any]] = summary.packages.map { package in
            switch package.source {
            case .fileSystem(let path): ["fileSystem": [["identity": package.identity, "path": path]]]
            case .sourceControl(let location, let requirement):
                ["sourceControl": [["identity": package.identity, "location": location, "requirement": requirement]]]
            }
        }
        let data = try! JSONSerialization.data(withJSONObject: ["name": summary.name, "targets": targets, "dependencies": dependencies], options: [.sortedKeys])
        return ManifestVersion(dump: data, folder: "/repo")
    }

    static let changes: [(String, @Sendable (inout ProjectSummary) -> Void)] = [
        ("nothing", { _ in }),
        ("a source", { $0.targets[0].sources.append("Shop/New.swift") }),
        ("a host gone", { $0.targets[1].testHost = nil }),
        ("type and module", { $0.targets[2].type = "framework"; $0.targets[2].module = "WidgetKit" }),
        ("a target removed", { $0.targets.remove(at: 2) }),
        ("a target added", { $0.targets.append(.init(name: "Clip", type: "application", module: "Clip")) }),
        ("a requirement", { $0.packages[1].source = .sourceControl(location: "https://example.com/a.git", requirement: "kind: exactVersion, version: 2.0.0") }),
        ("a package added", { $0.packages.append(.init(identity: "core", source: .fileSystem(path: "../Core"))) }),
        ("the name", { $0.name = "Store" }),
    ]

    @Test(arguments: changes.indices)
    func theTypedComparisonAgreesWithTheJSONOne(_ index: Int) throws {
        var head = Self.base
        Self.changes[index].1(&head)
        let typed = ManifestComparison.compare(base: Self.base, head: head)
        let json = try #require(ManifestComparison.compare(base: Self.dump(Self.base), head: Self.dump(head)))
        #expect(typed == json, "\(Self.changes[index].0)")
    }
}
