import Foundation
import PackageLoading
import TestSupport
import Testing

/// The graph rules through the built binary on a copy of Voyage: an import that closes a cycle
/// and a product forcing its linkage, each reported at its line, then suppressed with a reason.
@Suite(.tags(.large)) struct GraphRulesEndToEndTests {
    static let httpClient = "Sources/Infrastructure/Networking/HTTPClient.swift"

    func edit(_ package: String, _ relative: String, _ change: (String) -> String) throws {
        let path = package + "/" + relative
        try change(try String(contentsOfFile: path, encoding: .utf8)).write(toFile: path, atomically: true, encoding: .utf8)
    }

    @Test func aCycleThroughAnImportAndAForcedLinkageAreCaughtAtTheirLinesAndSuppressedWithAReason() throws {
        let package = try CheckEndToEndTests.voyageCopy()
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        // PaymentData declares Networking; Networking now imports PaymentData back, undeclared.
        try edit(package, Self.httpClient) { $0.replacingOccurrences(of: "public import SharedKernel\n", with: "public import SharedKernel\nimport PaymentData\n") }
        try edit(package, "Package.swift") {
            $0.replacingOccurrences(of: ".library(name: \"VoyageApp\", targets:", with: ".library(name: \"VoyageApp\", type: .dynamic, targets:")
        }
        let run = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "xcode"], in: package)
        #expect(run.status == 1)
        #expect(run.standardOutput == """
        Package.swift:51:31: error: product VoyageApp of Voyage declares type: .dynamic [product-type]
        Package.swift:51:31: note: remove type: and let the app's one product link it, or allow it with products: { allowLinkage: ["VoyageApp"] }
        \(Self.httpClient):3:8: error: dependency cycle Networking → PaymentData → Networking; removing Networking → PaymentData breaks every cycle among them [dependency-cycle]
        \(Self.httpClient):3:8: note: remove Networking → PaymentData: import at \(Self.httpClient):3

        """)

        try edit(package, Self.httpClient) { $0.replacingOccurrences(of: "import PaymentData\n", with: "import PaymentData // bulkhead:ignore dependency-cycle - payment callbacks move to an interface in VOY-31\n") }
        try edit(package, "Package.swift") {
            $0.replacingOccurrences(of: "    products: [", with: "    // bulkhead:ignore product-type - partners embed VoyageApp as a framework\n    products: [")
        }
        let suppressed = try BulkheadBinary.run(["check", "--preset", "layers", "--format", "xcode"], in: package)
        #expect(suppressed.standardOutput == "")
        #expect(suppressed.status == 0)
    }
}
