import Foundation
import TestSupport
import Testing

/// The built binary's `init` on a repository whose names say nothing of its architecture: a
/// stack of packages under `Packages/` (Models → NetworkClient → Env → DesignSystem → features)
/// beside Danger's manifest at the root, through the real toolchain.
@Suite(.tags(.large)) struct InitEndToEndTests {
    @Test func initLayersAStackOfPackagesFromTheGraphAndTheFirstCheckIsClean() throws {
        let copy = try Fixtures.copy("InitPackageStack")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let written = try BulkheadBinary.run(["init"], in: copy)
        #expect(written.status == 0, "\(written.standardError)")
        #expect(written.standardOutput == "wrote bulkhead.json: 5 layers inferred from the dependency graph (8 of 8 targets)\n")
        let text = try String(contentsOfFile: copy + "/bulkhead.json", encoding: .utf8)
        // Named after the repository, not Danger's manifest, whose target is in no layer.
        #expect(text.hasPrefix("// bulkhead.json for InitPackageStack, written by `bulkhead init`."))
        #expect(!text.contains("\"targets\": [\"DangerDependencies\""))
        #expect(text.contains("\"exclude\": [\"DangerDependencies\"],"))
        #expect(text.contains("// Verdict: a proposal to review: no naming or folder convention explains the graph"))
        #expect(text.contains("{ \"name\": \"Models\", \"targets\": [\"Models\"], \"mayUse\": [] },"))
        #expect(text.contains("{ \"name\": \"Env\", \"targets\": [\"Env\"], \"mayUse\": [\"Models\", \"NetworkClient\"] },"))
        #expect(text.contains("{ \"name\": \"Features\", \"targets\": [\"Account\", \"Explore\", \"StatusKit\", \"Timeline\"], \"mayUse\": [\"DesignSystem\", \"Env\", \"Features\", \"Models\", \"NetworkClient\"] },"))
        #expect(text.contains("Packages/DesignSystem: DesignSystem.\n"))
        let check = try BulkheadBinary.run(["check"], in: copy)
        #expect(check.status == 0, "\(check.standardOutput)\(check.standardError)")
        #expect(!check.standardOutput.contains("layer-dependency"))
    }
}
