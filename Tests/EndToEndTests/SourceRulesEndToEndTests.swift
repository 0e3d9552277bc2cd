import Foundation
import TestSupport
import Testing

/// The source and declaration rules through the binary, on a copy of the Voyage example: seed 05's
/// lint rules and structural tests as bulkhead.json, a file that fools a text rule, and
/// suppressions.
@Suite(.tags(.large)) struct SourceRulesEndToEndTests {
    /// The lint rules and structural tests the README shows side by side, as one configuration.
    static let seedRules = """
      source: {
        forbiddenImports: [
          { modules: ["Networking", "*Data"], paths: ["Sources/Features/**"], message: "features see interface modules only" },
          { modules: ["UIKit", "SwiftUI"], paths: ["Sources/Kernel/SharedKernel/**", "Sources/Interfaces/**", "Sources/Infrastructure/**"] },
        ],
        forbiddenIdentifiers: [{ identifiers: ["URLSession"], paths: ["Sources/Features/**"], message: "network calls belong to the repository" }],
        declarations: [
          { kinds: ["class"], names: ["*ViewModel"], require: ["final"], message: "view models must be final" },
          { names: ["*Repository"], paths: ["Sources/Infrastructure/**"], forbid: ["public", "open"], message: "repository implementations stay internal" },
          { kinds: ["protocol"], paths: ["Sources/Interfaces/**"], inherit: ["Sendable"] },
        ],
        uncheckedSendable: [{ max: 0 }],
        publicImports: [{ max: 3 }],
      },
    """

    /// A feature file a line-based text rule reads wrong both ways: its disable comment would
    /// silence the text rules, the attributed and kind imports escape an import regex, and the
    /// word in a comment, a string and a multi-line string would be flagged by a plain one.
    static let shortcut = """
    // swiftlint:disable url_session_in_feature feature_imports_infrastructure
    @_spi(Testing) import Networking
    import struct BookingData.LiveBookingRepository
    import Foundation

    /// Reviewers: URLSession belongs to the repository, never to a feature.
    let reminder = "Do not call URLSession here"
    let snippet = \"\"\"
    import Networking
    \"\"\"

    class ShortcutViewModel: @unchecked Sendable {
        func load(_ url: URL) async throws -> Data {
            try await URLSession
                .shared.data(from: url).0
        }
    }

    """

    static func voyage(configuration: String) throws -> String {
        let package = try CheckEndToEndTests.voyageCopy()
        try configuration.write(toFile: package + "/bulkhead.json", atomically: true, encoding: .utf8)
        return package
    }

    @Test func theSeedsRulesAsConfigurationLeaveVoyageClean() throws {
        let package = try Self.voyage(configuration: "{ preset: \"layers\",\n\(Self.seedRules)\n}\n")
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let run = try BulkheadBinary.run(["check"], in: package)
        #expect(run.status == 0, "\(run.standardOutput)")
        #expect(run.standardOutput == "✓ 0 errors and 0 warnings in 10 targets (10 files)\n")
    }

    @Test func aTextRuleIsFooledWhereBulkheadIsNot() throws {
        // No layers: the folder rules alone, as in an app whose features are not modules yet.
        let package = try Self.voyage(configuration: "{\n\(Self.seedRules)\n}\n")
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let file = package + "/Sources/Features/SearchFeature/Shortcut.swift"
        try Self.shortcut.write(toFile: file, atomically: true, encoding: .utf8)

        // A line-anchored import pattern of the usual lint shape, and a word pattern.
        let lines = Self.shortcut.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let importPattern = try Regex(#"^\s*(@\w+\s+)?((public|package|internal|fileprivate|private)\s+)?import\s+(Networking|\w+Data)\b"#)
        let textImportLines = lines.indices.filter { lines[$0].contains(importPattern) }.map { $0 + 1 }
        let wordPattern = try Regex(#"\bURLSession\b"#)
        let textWordLines = lines.indices.filter { lines[$0].contains(wordPattern) }.map { $0 + 1 }
        #expect(textImportLines == [9], "the text rule flags the string's line and misses lines 2 and 3")
        #expect(textWordLines == [6, 7, 14], "the text rule flags the comment and the string")

        let run = try BulkheadBinary.run(["check", "--format", "xcode"], in: package)
        #expect(run.status == 1)
        let findings = run.standardOutput.split(separator: "\n").filter { !$0.contains(": note: ") }
        #expect(findings == [
            "Sources/Features/SearchFeature/Shortcut.swift:2:23: error: SearchFeature imports Networking, which is forbidden under Sources/Features/**: features see interface modules only [forbidden-import]",
            "Sources/Features/SearchFeature/Shortcut.swift:3:15: error: SearchFeature imports BookingData, which is forbidden under Sources/Features/**: features see interface modules only [forbidden-import]",
            "Sources/Features/SearchFeature/Shortcut.swift:12:1: error: class ShortcutViewModel in SearchFeature is not final: view models must be final [declaration-shape]",
            "Sources/Features/SearchFeature/Shortcut.swift:12:26: error: class ShortcutViewModel in SearchFeature is @unchecked Sendable; source.uncheckedSendable allows none anywhere, 1 found [unchecked-sendable]",
            "Sources/Features/SearchFeature/Shortcut.swift:14:19: error: SearchFeature uses URLSession, which is forbidden under Sources/Features/**: network calls belong to the repository [forbidden-identifier]",
        ].map { Substring($0) })
    }

    @Test func suppressionsWithAReasonAreTheOnlyWayOut() throws {
        let package = try Self.voyage(configuration: "{\n\(Self.seedRules)\n}\n")
        defer { try? FileManager.default.removeItem(atPath: (package as NSString).deletingLastPathComponent) }
        let suppressed = Self.shortcut
            .replacingOccurrences(of: "class ShortcutViewModel", with: "// bulkhead:ignore declaration-shape, unchecked-sendable - a legacy bridge, removed with the old search\nclass ShortcutViewModel")
            .replacingOccurrences(of: "        try await URLSession", with: "        // bulkhead:ignore forbidden-identifier\n        try await URLSession")
            .replacingOccurrences(of: "@_spi(Testing) import Networking", with: "@_spi(Testing) import Networking // bulkhead:ignore forbidden-import - until the repository has a search filter")
        try suppressed.write(toFile: package + "/Sources/Features/SearchFeature/Shortcut.swift", atomically: true, encoding: .utf8)
        let run = try BulkheadBinary.run(["check", "--format", "xcode"], in: package)
        #expect(run.status == 1)
        let findings = run.standardOutput.split(separator: "\n").filter { !$0.contains(": note: ") }.map(String.init)
        // The reasoned ones hold; the one without a reason is refused, so its finding stays.
        #expect(!findings.contains { $0.contains("[declaration-shape]") || $0.contains("[unchecked-sendable]") || $0.contains("imports Networking") })
        #expect(findings.contains { $0.contains("imports BookingData") && $0.hasSuffix("[forbidden-import]") })
        #expect(findings.contains { $0.hasSuffix("[forbidden-identifier]") })
        #expect(findings.contains { $0.contains("[invalid-suppression]") }, "\(findings)")
    }
}
