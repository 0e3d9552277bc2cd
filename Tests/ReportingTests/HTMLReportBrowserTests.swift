import TestSupport
import Diagnostics
import Foundation
import Inputs
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
                      "--host-resolver-rules=MAP * ~NOTFOUND", "--enable-logging=stderr", "--v=0", "--virtual-time-budget=5000"]
        let start = ContinuousClock.now
        let output = try ProcessRunner.run(["chromium"] + common + ["--dump-dom", url])
        let elapsed = ContinuousClock.now - start
        try #require(output.status == 0, "chromium failed (\(output.status)): \(output.standardErrorText)")
        if let screenshot, let artifacts = ProcessInfo.processInfo.environment["BULKHEAD_ARTIFACTS"] {
            try FileManager.default.createDirectory(atPath: artifacts, withIntermediateDirectories: true)
            _ = try ProcessRunner.run(["chromium"] + common + ["--window-size=1400,900", "--screenshot=\(artifacts)/\(screenshot)", url])
        }
        let console = output.standardErrorText.split(separator: "\n").filter { $0.contains(":CONSOLE") }.map(String.init)
        let milliseconds = Int(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000)
        return Opened(dom: String(decoding: output.standardOutput, as: UTF8.self), console: console, milliseconds: milliseconds)
    }
}
