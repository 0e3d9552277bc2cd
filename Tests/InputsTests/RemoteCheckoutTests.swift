import Foundation
import TestSupport
import Testing
@testable import PackageLoading
import ModuleGraph

/// Remote products map to their real modules when a checkout is there, found through the
/// `Package.resolved` pin's location; without one, the product's name is a marked guess.
@Suite(.tags(.medium)) struct RemoteCheckoutTests {
    @Test func aCheckoutNamedByThePinGivesTheProductsRealModules() throws {
        let root = Fixtures.path("RemoteCheckout")
        let loaded = try PackageGraphLoader(describer: RecordedPackageDescriber(root: root)).load(at: root)
        let products = loaded.graph.externalProducts.sorted { $0.name < $1.name }
        #expect(products == [
            ExternalProduct(name: "ToolsBasic", package: "swift-tools-kit", modules: ["ToolsBasic"], isGuess: false),
            ExternalProduct(name: "ToolsKit-auto", package: "swift-tools-kit", modules: ["ToolsBasic", "ToolsUtility"], isGuess: false),
        ])
    }

    @Test func withoutACheckoutTheModulesAreAMarkedGuess() throws {
        let copy = try Fixtures.copy("RemoteCheckout")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(atPath: copy + "/.build")
        let describer = RecordedPackageDescriber(root: copy, recordings: Fixtures.path("RemoteCheckout/.toolchain"))
        let loaded = try PackageGraphLoader(describer: describer).load(at: copy)
        #expect(loaded.graph.externalProducts.sorted { $0.name < $1.name }.map(\.isGuess) == [true, true])
        // The product's name as SwiftPM would spell its module: an import names an identifier.
        #expect(loaded.graph.externalProducts.first { $0.name == "ToolsKit-auto" }?.modules == ["ToolsKit_auto"])
    }

    @Test(arguments: [
        // Version 1 has no identity: SwiftPM derives it from the URL, lowercased.
        (#"{"object":{"pins":[{"package":"Kit","repositoryURL":"https://x.org/a/Kit-Fork.git"}]},"version":1}"#, "kit-fork", "Kit-Fork"),
        (#"{"pins":[{"identity":"swift-kit","kind":"remoteSourceControl","location":"git@x.org:a/Kit.git"}],"version":2}"#, "swift-kit", "Kit"),
    ])
    func everyVersionOfPackageResolvedNamesTheCheckoutFolder(_ text: String, _ identity: String, _ folder: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-pins-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try text.write(toFile: directory + "/Package.resolved", atomically: true, encoding: .utf8)
        #expect(ResolvedPins.read(inPackageAt: directory).checkoutName(of: identity) == folder)
    }
}
