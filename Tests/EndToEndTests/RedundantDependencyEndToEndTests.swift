import Foundation
import PackageLoading
import Processes
import TestSupport
import Testing

/// `redundant-dependency` on a real package with the real toolchain: off until bulkhead.json
/// turns it on; then the four declarations made twice over (an @_exported re-export, a product
/// another product vends, a byName dependency and a product of one name, a target twice) and
/// none of the near misses; `check --fix` removes exactly those four, the manifest still
/// describes, and a second check is clean.
@Suite(.tags(.large)) struct RedundantDependencyEndToEndTests {
    static let fixture = "RedundantDependency"

    static func copy() throws -> (package: String, remove: () -> Void) {
        let package = try Fixtures.copy(fixture)
        return (package, { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) })
    }

    @Test func offByDefault() throws {
        let (package, remove) = try Self.copy()
        defer { remove() }
        let run = try BulkheadBinary.run(["check", "--strict"], in: package)
        #expect(run.status == 0, "\(run.standardOutput)\(run.standardError)")
        #expect(!run.standardOutput.contains("redundant-dependency"))
    }

    @Test func reportsEachDeclarationMadeTwiceOverAndFixRemovesExactlyThose() throws {
        let (package, remove) = try Self.copy()
        defer { remove() }
        try #"{ "rules": { "redundant-dependency": "error" } }"#.write(toFile: package + "/bulkhead.json", atomically: true, encoding: .utf8)
        let manifest = package + "/Package.swift"

        let before = try BulkheadBinary.run(["check", "--format", "xcode"], in: package)
        #expect(before.status == 1, "\(before.standardError)")
        let lines = before.standardOutput.split(separator: "\n").map(String.init).filter { $0.contains("[redundant-dependency]") }
        #expect(lines.map { $0.replacingOccurrences(of: package + "/", with: "") } == [
            "Package.swift:19:13: error: Search declares Models, but already gets its module Models through Kit (Kit re-exports Models, @_exported in Sources/Kit/Kit.swift) [redundant-dependency]",
            "Package.swift:33:28: error: Checkout declares Payments, but already gets its module Payments through PaymentsKit [redundant-dependency]",
            "Package.swift:43:13: error: Orders declares Payments twice; the other declaration already provides it [redundant-dependency]",
            "Package.swift:47:49: error: History declares Models twice; the other declaration already provides it [redundant-dependency]",
        ], "\(before.standardOutput)")
        for nearMiss in ["Settings", "Profile", "Cart"] {
            #expect(!before.standardOutput.contains(" \(nearMiss) declares"), "\(nearMiss): \(before.standardOutput)")
        }

        let fixed = try BulkheadBinary.run(["check", "--fix"], in: package)
        #expect(fixed.status == 0, "\(fixed.standardOutput)\(fixed.standardError)")
        #expect(fixed.standardError.contains("fixed 4 findings in 1 manifest; 0 left"), "\(fixed.standardError)")
        let expected = try String(contentsOfFile: Fixtures.path(Self.fixture + "/Package.swift.fixed"), encoding: .utf8)
        #expect(try String(contentsOfFile: manifest, encoding: .utf8) == expected)

        let after = try BulkheadBinary.run(["check", "--strict"], in: package)
        #expect(after.status == 0, "\(after.standardOutput)\(after.standardError)")
        let described = try ProcessRunner.run(["swift", "package", "describe", "--type", "json"], in: package)
        #expect(described.status == 0)
    }
}
