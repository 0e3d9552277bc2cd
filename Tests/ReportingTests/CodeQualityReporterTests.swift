import Diagnostics
import Foundation
import TestSupport
import Testing
@testable import Reporting

/// The checkstyle and GitLab Code Quality reporters: escaping, severities, and fingerprints
/// that identify a finding across runs and line moves.
@Suite(.tags(.small)) struct CodeQualityReporterTests {
    static let finding = Diagnostic(
        severity: .error, code: "layer-dependency", message: "Feature imports Networking, a layer below Domain",
        location: SourceLocation(path: "Sources/Feature/View.swift", line: 3, column: 8), target: "Feature")

    static func issues(_ diagnostics: [Diagnostic]) throws -> [[String: Any]] {
        let text = try GitLabReporter().render(CIReporterTests.report(diagnostics))
        return try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
    }

    static func fingerprints(_ diagnostics: [Diagnostic]) throws -> [String] {
        try issues(diagnostics).map { try #require($0["fingerprint"] as? String) }
    }

    @Test func aFingerprintSurvivesALineMove() throws {
        var moved = Self.finding
        moved.location?.line = 40
        moved.location?.column = 1
        #expect(try Self.fingerprints([Self.finding]) == Self.fingerprints([moved]))
        #expect(try Self.issues([moved]).first?["location"] as? [String: Any] != nil)
    }

    @Test func aFingerprintIsTheSameInEveryRun() throws {
        // Pinned: a process-seeded hash would change this between runs.
        #expect(GitLabReporter.fingerprint("a") == GitLabReporter.fingerprint("a"))
        #expect(GitLabReporter.fingerprint("") == "cbf29ce4842223256c62272e07bb0142")
        #expect(GitLabReporter.fingerprint("a").count == 32)
    }

    /// Two identical findings in one file (the same import twice) need two fingerprints, or GitLab
    /// shows one; each other field that names the finding changes it too.
    @Test(arguments: ["rule", "path", "target", "message", "twice"])
    func differentFindingsHaveDifferentFingerprints(field: String) throws {
        var other = Self.finding
        switch field {
        case "rule": other.code = "undeclared-import"
        case "path": other.location?.path = "Sources/Feature/Other.swift"
        case "target": other.target = "Other"
        case "message": other.message = "Feature imports Storage, a layer below Domain"
        default: other.location?.line = 9
        }
        let both = try Self.fingerprints([Self.finding, other])
        #expect(both.count == 2)
        #expect(Set(both).count == 2)
    }

    @Test(arguments: [(Severity.error, "major", "error"), (.warning, "minor", "warning"), (.note, "info", "info")])
    func severities(severity: Severity, gitlab: String, checkstyle: String) throws {
        var diagnostic = Self.finding
        diagnostic.severity = severity
        #expect(try Self.issues([diagnostic]).first?["severity"] as? String == gitlab)
        #expect(CheckstyleReporter().render(CIReporterTests.report([diagnostic])).contains("severity=\"\(checkstyle)\""))
    }

    @Test func aFindingWithoutAFileIsPlacedOnThePackage() throws {
        var loose = Self.finding
        loose.location = nil
        let issue = try #require(try Self.issues([loose]).first)
        let location = try #require(issue["location"] as? [String: Any])
        #expect(location["path"] as? String == ".")
        #expect((location["lines"] as? [String: Int])?["begin"] == 1)
        #expect(CheckstyleReporter().render(CIReporterTests.report([loose])).contains("<file name=\".\">\n    <error severity=\"error\""))
    }

    /// An XML parser turns a raw line break inside an attribute into a space; the notes would
    /// run into the message.
    @Test func checkstyleKeepsLineBreaksInMessages() throws {
        var diagnostic = CIReporterTests.awkward
        diagnostic.message = "<a & \"b\">\u{1}"
        let xml = CheckstyleReporter().render(CIReporterTests.report([diagnostic]))
        #expect(xml.contains("message=\"&lt;a &amp; &quot;b&quot;&gt;&#10;note: with, comma\""))
        #expect(xml.contains("source=\"bulkhead.layer-dependency\""))
        #expect(!xml.contains("\u{1}"))
    }
}
