import TestSupport
import Foundation
import PackageLoading
import Testing
@testable import BulkheadCLI

/// `bulkhead report` and `graph --collapse|--format html`, in-process over recorded toolchain answers.
@Suite(.tags(.medium)) struct ReportCommandTests {
    static func run(_ arguments: [String], root: String) -> CommandRun {
        let describer = RecordedPackageDescriber(root: root, recordings: Fixtures.path("LocalPackages") + "/.toolchain")
        return CommandRun.run(arguments + ["--package-path", root], in: RepositoryRoot.path, packageDescriber: describer)
    }

    @Test func theReportTiesAnUndeclaredImportToAnEdgeItDraws() throws {
        let copy = try Fixtures.copy("LocalPackages")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let profile = copy + "/Features/Sources/Profile/ProfileModel.swift"
        try ("import Search\n" + String(contentsOfFile: profile, encoding: .utf8)).write(toFile: profile, atomically: true, encoding: .utf8)
        let output = copy + "/architecture.html"

        let run = Self.run(["report", "--output", output], root: copy)
        #expect(run.status == .clean, "\(run.standardError)")
        let html = try String(contentsOfFile: output, encoding: .utf8)
        // The finding's row names an edge, and that edge runs from Profile to Search, dotted and red.
        let row = try #require(html.firstMatch(of: /<tr id="f0" class="error" data-edge="(e\d+)"/))
        let edge = try #require(html.firstMatch(of: try Regex("<path id=\"\(row.1)\" class=\"edge undeclared violation\" data-from=\"(n\\d+)\" data-to=\"(n\\d+)\"")))
        #expect(html.contains("<g id=\"\(edge.output[1].substring ?? "")\" class=\"node k") && html.contains("data-label=\"Profile\""))
        #expect(html.contains("Profile imports Search, which it does not declare"))
        // Same input, same bytes.
        _ = Self.run(["report", "--output", output + ".again"], root: copy)
        #expect(try String(contentsOfFile: output + ".again", encoding: .utf8) == html)
    }

    @Test func collapsingByPackageDrawsOneNodePerPackage() {
        let run = Self.run(["graph", "--collapse", "package"], root: Fixtures.path("LocalPackages"))
        #expect(run.status == .clean, "\(run.standardError)")
        let groups = run.standardOutput.split(separator: "\n").filter { $0.contains("shape=box3d") }
        #expect(groups.count == 3, "\(run.standardOutput)")
        #expect(!run.standardOutput.contains("\"app/"))
    }

    @Test(arguments: [
        (["graph", "--collapse", "layer"], "--collapse layer needs layers"),
        (["graph", "--collapse", "package", "--format", "json"], "--collapse draws groups"),
        (["graph", "--cluster", "layer"], "--cluster layer needs layers"),
        (["graph", "--cluster", "package", "--collapse", "layer", "--preset", "layers"], "group differently"),
    ]) func collapsingWhereItCannotIsAUsageError(arguments: [String], message: String) {
        let run = Self.run(arguments, root: Fixtures.path("LocalPackages"))
        #expect(run.status == .usage)
        #expect(run.standardError.contains(message), "\(run.standardError)")
    }

    @Test func clusteringByPackageOverridesTheLayers() {
        let run = Self.run(["graph", "--cluster", "package", "--preset", "layers"], root: Fixtures.path("LocalPackages"))
        #expect(run.status == .clean, "\(run.standardError)")
        let labels = run.standardOutput.split(separator: "\n").filter { $0.contains("label=") && !$0.contains("[") }
        #expect(labels.map { $0.trimmingCharacters(in: .whitespaces) }.sorted() == ["label=\"App\";", "label=\"Core\";", "label=\"Features\";"], "\(run.standardOutput)")
    }

    @Test func graphWritesTheHTMLPageToo() {
        let run = Self.run(["graph", "--format", "html", "--preset", "layers"], root: Fixtures.path("LocalPackages"))
        #expect(run.status == .clean, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("<!DOCTYPE html>") && run.standardOutput.contains("<svg id=\"drawing\""))
        #expect(run.standardOutput.contains("No findings."))
    }
}
