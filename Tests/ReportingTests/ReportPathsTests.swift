import TestSupport
import Testing
@testable import Reporting

/// Moving a diagnostic's path from the package root to the folder its reader resolves paths
/// from, by string arithmetic alone (Reporting imports no input module).
@Suite(.tags(.small)) struct ReportPathsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var root: String
        var folder: String
        var expected: String
        var testDescription: String { "\(path) from \(root) to \(folder)" }
    }

    static let cases: [Case] = [
        Case(path: "Sources/A.swift", root: "/p", folder: "/p", expected: "Sources/A.swift"),
        Case(path: "Sources/A.swift", root: "/p", folder: "/p/Sources", expected: "A.swift"),
        Case(path: "Package.swift", root: "/w/p", folder: "/w/p/Sources/Deep", expected: "../../Package.swift"),
        Case(path: "Sources/A.swift", root: "/w/p", folder: "/w", expected: "p/Sources/A.swift"),
        Case(path: "Sources/A.swift", root: "/w/p", folder: "/w/q", expected: "../p/Sources/A.swift"),
        Case(path: "./Sources/../Sources//A.swift", root: "/p", folder: "/p", expected: "Sources/A.swift"),
        Case(path: "/elsewhere/B.swift", root: "/p", folder: "/p", expected: "../elsewhere/B.swift"),
        Case(path: ".", root: "/p", folder: "/p", expected: "."),
        Case(path: "Sources/A.swift", root: "/p", folder: "/p/", expected: "Sources/A.swift"),
        Case(path: "Sources/A.swift", root: "/p", folder: "/", expected: "p/Sources/A.swift"),
        Case(path: "Sources/A.swift", root: "/", folder: "/", expected: "Sources/A.swift"),
        Case(path: "../../../A.swift", root: "/p", folder: "/", expected: "A.swift"),
        Case(path: "Sources/...swift", root: "/p", folder: "/pp", expected: "../p/Sources/...swift"),
    ]

    @Test(arguments: cases)
    func relocation(_ test: Case) {
        let paths = ReportPaths(root: test.root, workingFolder: test.folder)
        #expect(paths.relocate(test.path, to: .workingFolder) == test.expected)
        #expect(paths.relocate(test.path, to: .root) == test.path)
    }

    @Test(arguments: cases)
    func relocationToTheWorkspace(_ test: Case) {
        #expect(ReportPaths(root: test.root, workingFolder: "/unused", workspace: test.folder).relocate(test.path, to: .workspace) == test.expected)
    }

    @Test func theWorkspaceDefaultsToTheWorkingFolder() {
        #expect(ReportPaths(root: "/r", workingFolder: "/w").workspace == "/w")
        #expect(ReportPaths(root: "/r", workingFolder: "/w", workspace: "").workspace == "/w")
        #expect(ReportPaths(root: "/r", workingFolder: "/w", workspace: "/g").workspace == "/g")
    }
}
