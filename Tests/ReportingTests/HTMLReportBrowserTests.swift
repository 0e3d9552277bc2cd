import Processes
import TestSupport
import Diagnostics
import Foundation
import PackageLoading
import Testing
@testable import Reporting

/// The HTML report, opened in headless Chromium: it loads with no network request and no console
/// message, a search narrows the drawing, a click on a finding focuses its edge, and a
/// 400-target page is ready in under 2 s. The page writes what happened into `<body data-…>`,
/// which `--dump-dom` prints after its scripts ran.
@Suite(.tags(.large), .serialized) struct HTMLReportBrowserTests {
    /// The synthetic graph with two findings: one on a declared edge, one on an import no
    /// declaration backs (an edge the page adds, dotted).
    static func page(targets: Int) -> (view: GraphView, findings: [GraphFinding], html: String) {
        let view = SyntheticGraph.view(targets: targets)
        let declared = view.edges[0]
        let findings = [
            GraphFinding(severity: .error, rule: "layer-dependency", message: "\(declared.from) depends on \(declared.to)",
                         location: "Package.swift:12:5", from: declared.from, to: declared.to),
            GraphFinding(severity: .warning, rule: "undeclared-import", message: "Kernel imports App", location: "Sources/K.swift:3:8",
                         from: view.nodes[0].id, to: view.nodes[view.nodes.count - 1].id),
        ]
        return (view, findings, HTMLRenderer.render(view, findings: findings, toolVersion: "test"))
    }

    /// A generated repository of `targets` modules with the findings a real one has: errors on
    /// declared edges, undeclared imports (edges only findings draw), unused dependencies and
    /// notes with no edge.
    static func repositoryPage(targets: Int) -> (view: GraphView, findings: [GraphFinding], html: String) {
        let view = SyntheticGraph.view(targets: targets)
        let declared = Set(view.edges.map { "\($0.from)>\($0.to)" })
        let features = view.nodes.filter { $0.cluster == "Features" }, infrastructure = view.nodes.filter { $0.cluster == "Infrastructure" }
        var findings: [GraphFinding] = []
        for edge in view.edges.prefix(targets / 12) {
            findings.append(GraphFinding(severity: .error, rule: "layer-dependency", message: "\(edge.from) depends on \(edge.to)", location: "Package.swift:1:1", from: edge.from, to: edge.to))
        }
        for (position, feature) in features.enumerated() where position % 2 == 0 && !infrastructure.isEmpty {
            let used = infrastructure[position % infrastructure.count]
            guard !declared.contains("\(feature.id)>\(used.id)") else { continue }
            findings.append(GraphFinding(severity: .error, rule: "unreachable-import", message: "\(feature.label) imports \(used.label)",
                                         location: "Sources/\(feature.label)/A.swift:2:8", from: feature.id, to: used.id))
        }
        for edge in view.edges.suffix(targets / 20) {
            findings.append(GraphFinding(severity: .warning, rule: "unused-dependency", message: "\(edge.from) does not import \(edge.to)", location: "Package.swift:2:1", from: edge.from, to: edge.to))
        }
        for number in 0..<3 {
            findings.append(GraphFinding(severity: .note, rule: "undeclared-import", message: "a product with unknown modules may provide Remote\(number)", location: nil, from: nil, to: nil))
        }
        return (view, findings, HTMLRenderer.render(view, findings: findings, toolVersion: "test"))
    }

    /// Above the threshold the page opens on an overview of its five layers, with one view per
    /// layer opened; below it, on the drawing itself. Findings come grouped, notes apart.
    @Test(.tags(.small)) func aLargeGraphHasAnOverviewAndFindingsAreGrouped() throws {
        let (_, findings, html) = Self.repositoryPage(targets: 150)
        #expect(html.contains("<svg id=\"view-o\" class=\"view\"") && html.contains("<svg id=\"drawing\" class=\"view off\""))
        for position in 0..<5 { #expect(html.contains("<svg id=\"view-x\(position)\" class=\"view off\"")) }
        #expect(html.contains("data-expand=\"view-x3\""))
        let errors = findings.filter { $0.severity == .error && $0.rule == "unreachable-import" }.count
        #expect(errors > 10 && html.contains("<span class=\"sev\">error</span> unreachable-import <span class=\"count\">\(errors)</span>"))
        let notes = try #require(html.range(of: "<details id=\"notes\">"))
        #expect(html[notes.lowerBound...].contains("<span class=\"sev\">note</span> undeclared-import <span class=\"count\">3</span>"))
        #expect(!html[..<notes.lowerBound].contains("<tr id=\"f\(findings.count - 1)\""), "a note is listed with the errors")
        let small = Self.repositoryPage(targets: 35).html
        #expect(!small.contains("<svg id=\"view-o\"") && small.contains("<svg id=\"drawing\" class=\"view\""))
    }

    @Test(.tags(.small)) func thePageIsSelfContainedAndTheSameEveryTime() {
        let (view, findings, html) = Self.page(targets: 40)
        #expect(html == HTMLRenderer.render(view, findings: findings, toolVersion: "test"))
        #expect(!html.contains("http:") && !html.contains("https:") && !html.contains("src="))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        #expect(html.contains("class=\"edge undeclared violation\""))
    }

    @Test(.tags(.small)) func namesAreEscapedAndAnEmptyGraphIsAPage() {
        let hostile = GraphView(title: "<b>&", nodes: [.init(id: "a/<script>", label: "<script>alert(1)</script>", kind: .target(.library))], edges: [])
        let html = HTMLRenderer.render(hostile, findings: [GraphFinding(severity: .note, rule: "r", message: "\"'<>\u{7}", location: nil, from: nil, to: nil)], toolVersion: "test")
        #expect(!html.contains("<script>alert") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"))
        // A control character, which no page shows and XML cannot hold, is dropped, as in JUnit.
        #expect(html.contains("&quot;&apos;&lt;&gt;</td>") && html.contains("<title>&lt;b&gt;&amp; — architecture</title>"))
        let empty = HTMLRenderer.render(GraphView(title: "Empty", nodes: [], edges: []), findings: [], toolVersion: "test")
        #expect(empty.contains("<svg id=\"drawing\"") && empty.contains("0 modules, 0 dependencies"))
    }

    @Test(.requires(.chromium)) func thePageLoadsWithNoRequestAndNoConsoleMessage() throws {
        let (view, _, html) = Self.page(targets: 40)
        let opened = try HeadlessChromium.open(html, fragment: "", screenshot: "architecture-40.png")
        #expect(opened.attribute("data-errors") == nil)
        #expect(opened.console == [])
        #expect(opened.attribute("data-visible") == String(view.nodes.count))
        #expect(opened.attribute("data-ready-ms") != nil, "the script did not finish")
    }

    /// The control: the same checks catch a page that asks for a file on the network.
    @Test(.requires(.chromium)) func aRequestForTheNetworkIsCaught() throws {
        let html = Self.page(targets: 10).html.replacingOccurrences(of: "</main>", with: "<img src=\"http://example.invalid/logo.png\"></main>")
        let opened = try HeadlessChromium.open(html, fragment: "", screenshot: nil)
        #expect(opened.attribute("data-errors")?.contains("example.invalid") == true || !opened.console.isEmpty)
    }

    @Test(.requires(.chromium)) func aSearchNarrowsTheDrawing() throws {
        let (view, _, html) = Self.page(targets: 40)
        let opened = try HeadlessChromium.open(html, fragment: "search=kernel", screenshot: nil)
        let expected = view.nodes.filter { $0.label.lowercased().contains("kernel") }.count
        #expect(expected > 0 && expected < view.nodes.count)
        #expect(opened.attribute("data-visible") == String(expected))
        #expect(opened.attribute("data-errors") == nil)
    }

    /// The reproduction of issue 24: a malformed fragment threw an uncaught URIError and the
    /// page's script stopped. The page opens as if there were no fragment.
    @Test(.requires(.chromium)) func aMalformedFragmentIsIgnored() throws {
        let (view, _, html) = Self.page(targets: 10)
        let opened = try HeadlessChromium.open(html, fragment: "search=%E0%A4%A", screenshot: nil)
        #expect(opened.attribute("data-errors") == nil)
        #expect(opened.attribute("data-visible") == String(view.nodes.count))
        #expect(opened.attribute("data-ready-ms") != nil, "the script did not finish")
    }

    /// The control for the policy's hash: a script injected beside the page's own does not run,
    /// while the page's does (its hash is the one the policy names).
    @Test(.requires(.chromium)) func anInjectedScriptDoesNotRun() throws {
        let html = Self.page(targets: 10).html.replacingOccurrences(of: "</main>", with: "<script>document.body.dataset.injected = 'ran';</script></main>")
        let opened = try HeadlessChromium.open(html, fragment: "", screenshot: nil)
        #expect(opened.attribute("data-injected") == nil)
        #expect(opened.attribute("data-ready-ms") != nil, "the page's own script did not run")
    }

    @Test(.requires(.chromium), arguments: [0, 1]) func aFindingClickFocusesItsEdge(row: Int) throws {
        let (view, findings, html) = Self.page(targets: 40)
        let opened = try HeadlessChromium.open(html, fragment: "finding=\(row)", screenshot: row == 0 ? "architecture-finding.png" : nil)
        let edge = try #require(opened.attribute("data-focused-edge"))
        let from = try #require(view.nodes.firstIndex { $0.id == findings[row].from })
        let to = try #require(view.nodes.firstIndex { $0.id == findings[row].to })
        #expect(opened.dom.contains("<path id=\"\(edge)\" class=\"edge") && opened.dom.contains("data-from=\"n\(from)\" data-to=\"n\(to)\""))
        #expect(opened.dom.contains("id=\"\(edge)\"") && opened.dom.range(of: "id=\"\(edge)\" class=\"[^\"]*focused", options: .regularExpression) != nil)
        #expect(opened.attribute("data-visible") == "2")
    }

    /// The 35-module repository opens on its drawing, fitted to the window, with no finding edge
    /// drawn until one is selected; all of them on demand.
    @Test(.requires(.chromium)) func aRepositoryPageOpensFittedWithFindingEdgesForTheSelectionOnly() throws {
        let (view, findings, html) = Self.repositoryPage(targets: 35)
        let opened = try HeadlessChromium.open(html, fragment: "", screenshot: "architecture-35.png")
        #expect(opened.attribute("data-errors") == nil)
        #expect(opened.attribute("data-view") == "drawing" && opened.attribute("data-view-modules") == String(view.nodes.count))
        #expect(opened.attribute("data-fitted") == "yes")
        #expect(opened.attribute("data-finding-edges-drawn") == "0")
        let all = try HeadlessChromium.open(html, fragment: "findings=all", screenshot: "architecture-35-every-finding-edge.png")
        let edges = Set(findings.compactMap { finding in finding.to.map { "\(finding.from ?? "")>\($0)" } }).count
        #expect(edges > 3 && all.attribute("data-finding-edges-drawn") == String(edges))
        // A module selected: the finding edges that start or end at it, and no other.
        let start = try #require(findings.first { $0.rule == "unreachable-import" }?.from)
        let one = try HeadlessChromium.open(html, fragment: "focus=\(start.split(separator: "/").last ?? "")", screenshot: "architecture-35-selected.png")
        let touching = Set(findings.compactMap { finding in
            finding.to.flatMap { to in finding.from == start || to == start ? "\(finding.from ?? "")>\(to)" : nil }
        }).count
        #expect(touching > 0 && touching < edges)
        #expect(one.attribute("data-finding-edges-drawn") == String(touching))
        #expect(one.attribute("data-errors") == nil)
    }

    /// The 150-module repository opens collapsed to its five layers, fitted; a click on one opens
    /// it among the others; a module there opens the full drawing focused on it.
    @Test(.requires(.chromium)) func aRepositoryOf150ModulesOpensCollapsedAndAClusterOpensOnClick() throws {
        let (view, _, html) = Self.repositoryPage(targets: 150)
        let opened = try HeadlessChromium.open(html, fragment: "", screenshot: "architecture-150.png")
        #expect(opened.attribute("data-errors") == nil)
        #expect(opened.attribute("data-view") == "view-o" && opened.attribute("data-view-modules") == "5")
        #expect(opened.attribute("data-fitted") == "yes")
        let features = view.nodes.filter { $0.cluster == "Features" }.count
        let expanded = try HeadlessChromium.open(html, fragment: "open=Features", screenshot: "architecture-150-features-open.png")
        #expect(expanded.attribute("data-view") == "view-x3" && expanded.attribute("data-view-modules") == String(features + 4))
        #expect(expanded.attribute("data-errors") == nil)
        let focused = try HeadlessChromium.open(html, fragment: "focus=FeaturesModule0", screenshot: nil)
        #expect(focused.attribute("data-view") == "drawing" && focused.attribute("data-focus") == "FeaturesModule0")
    }

    /// The must-show: the page of a 400-target graph is ready in under 2 s (measured by the page,
    /// from navigation to the end of its script).
    @Test(.requires(.chromium)) func aPageOf400TargetsOpensInUnderTwoSeconds() throws {
        let (_, _, html) = Self.page(targets: 400)
        let opened = try HeadlessChromium.open(html, fragment: "", screenshot: "architecture-400.png")
        let ready = try #require(opened.attribute("data-ready-ms").flatMap(Int.init))
        print("400-target page: \(html.utf8.count) bytes, ready in \(ready) ms, Chromium ran \(opened.milliseconds) ms")
        #expect(ready < 2000)
        #expect(opened.attribute("data-errors") == nil)
    }
}

/// Debian's `chromium`, headless, on a page written to a temporary file.
enum HeadlessChromium {
    struct Opened {
        var dom: String
        /// Console messages Chromium logged (`INFO:CONSOLE…`), each a line of its stderr.
        var console: [String]
        var milliseconds: Int

        /// An attribute of `<body>`, as the page's script left it.
        func attribute(_ name: String) -> String? {
            guard let body = dom.range(of: "<body[^>]*>", options: .regularExpression) else { return nil }
            let tag = dom[body]
            guard let start = tag.range(of: " \(name)=\"") else { return nil }
            let rest = tag[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    static func open(_ html: String, fragment: String, screenshot: String?) throws -> Opened {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-html-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("architecture.html")
        try html.write(to: file, atomically: true, encoding: .utf8)
        let url = file.absoluteString + (fragment.isEmpty ? "" : "#" + fragment)
        // Every host resolves to nothing: a request that got past the page's policy still fails, and is logged.
        let common = ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(folder.path)/profile",
                      "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000",
                      "--window-size=1400,900"]
        let start = ContinuousClock.now
        let output = try ProcessRunner.run(["chromium"] + common + ["--dump-dom", url])
        let elapsed = ContinuousClock.now - start
        try #require(output.status == 0, "chromium failed (\(output.status)): \(output.standardErrorText)")
        if let screenshot, let artifacts = ProcessInfo.processInfo.environment["BULKHEAD_ARTIFACTS"] {
            try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            _ = try ProcessRunner.run(["chromium"] + common + ["--screenshot=\(artifacts)/\(screenshot)", url])
        }
        let console = output.standardErrorText.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        return Opened(dom: String(decoding: output.standardOutput, as: UTF8.self), console: console, milliseconds: milliseconds)
    }
}
