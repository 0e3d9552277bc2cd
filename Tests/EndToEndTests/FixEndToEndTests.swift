import Foundation
import Inputs
import TestSupport
import Testing

/// `check --fix` on a real package with the real toolchain: the diff, `--dry-run` changing
/// nothing, `check` clean afterwards, and `swift package describe` still reading the manifest.
@Suite(.tags(.large)) struct FixEndToEndTests {
    @Test func fixMakesCheckCleanAndTheManifestStillDescribes() throws {
        let package = try Fixtures.copy("FixableManifest")
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let manifest = package + "/Package.swift"
        let original = try String(contentsOfFile: manifest, encoding: .utf8)
        #expect(try BulkheadBinary.run(["check"], in: package).status == 1)

        let dryRun = try BulkheadBinary.run(["check", "--fix", "--dry-run"], in: package)
        #expect(dryRun.status == 0, "\(dryRun.standardError)")
        #expect(dryRun.standardOutput.hasPrefix("--- a/Package.swift\n+++ b/Package.swift\n@@ "))
        #expect(dryRun.standardOutput.contains("\n-                \"Legacy\",\n"))
        #expect(dryRun.standardOutput.contains("\n+                \"Storage\",\n"))
        #expect(dryRun.standardOutput.contains("\n+        .target(name: \"Search\", dependencies: [\"Networking\", \"Models\"]),\n"))
        #expect(dryRun.standardOutput.contains("\n+        .target(name: \"Networking\", dependencies: [\"Models\"]),\n"))
        #expect(dryRun.standardError.contains("would fix 5 findings in 1 manifest; 0 left"))
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == original, "--dry-run changes nothing")

        let fixed = try BulkheadBinary.run(["check", "--fix"], in: package)
        #expect(fixed.status == 0, "\(fixed.standardError)")
        #expect(fixed.standardOutput == dryRun.standardOutput)
        let after = try BulkheadBinary.run(["check"], in: package)
        #expect(after.status == 0, "\(after.standardOutput)")
        let described = try ProcessRunner.run(["swift", "package", "describe", "--type", "json"], in: package)
        #expect(described.status == 0)
    }
}
