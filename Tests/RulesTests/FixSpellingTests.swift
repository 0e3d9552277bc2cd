import Configuration
import ImportScanning
import ModuleGraph
import TestSupport
import Testing
@testable import Rules

/// A fix names a product's package as manifests write it (`package: "AppAccount"`), not by the
/// identity SwiftPM lowercases it to, while the fix itself still knows the identity.
@Suite(.tags(.small)) struct FixSpellingTests {
    static func finding(providerOrigin: PackageNode.Origin, identity: String) throws -> Finding {
        let account = Target(id: TargetID(package: identity, name: "AccountKit"), kind: .library, moduleName: "AccountKit",
                             path: "Sources/AccountKit", sources: ["A.swift"], dependencies: [])
        let app = Target(id: TargetID(package: "app", name: "App"), kind: .library, moduleName: "App", path: "Sources/App", sources: ["App.swift"], dependencies: [])
        let graph = ModuleGraph(packages: [
            PackageNode(identity: "app", name: "App", origin: .local(path: "App")),
            PackageNode(identity: identity, name: "AppAccount", origin: providerOrigin,
                        products: [Product(name: "AppAccount", type: "library", targets: ["AccountKit"])]),
        ], targets: [account, app])
        let scan = ImportScanner.scan("import AccountKit\n")
        let sources = [app.id: [SourceFile(path: "App/Sources/App/App.swift", imports: scan.imports)]]
        let findings = Checker.run(CheckInput(graph: graph, sources: sources, configuration: Configuration()))
        return try #require(findings.first { $0.ruleID == "unreachable-import" })
    }

    @Test func aLocalPackageIsSpelledAsItsFolderIs() throws {
        let finding = try Self.finding(providerOrigin: .local(path: "Packages/AppAccount"), identity: "appaccount")
        #expect(finding.notes.contains("declare .product(name: \"AppAccount\", package: \"AppAccount\") in the dependencies of App"), "\(finding.notes)")
        #expect(finding.fix == .addDependency(spelling: ".product(name: \"AppAccount\", package: \"AppAccount\")", name: "AccountKit", package: "appaccount"))
        #expect(finding.fix?.productPackage == "appaccount")
    }

    @Test func anIdentityThatIsNotTheFoldersNameStaysTheIdentity() throws {
        // Two folders of one name: the identity is the path, and no folder name spells it.
        let finding = try Self.finding(providerOrigin: .local(path: "Vendor/AppAccount"), identity: "vendor/appaccount")
        #expect(finding.notes.contains("declare .product(name: \"AppAccount\", package: \"vendor/appaccount\") in the dependencies of App"), "\(finding.notes)")
    }
}
