import Formats
import Testing
@testable import Reporting

/// The page's script is allowed by its SHA-256 and by nothing broader.
@Suite(.tags(.small)) struct PageScriptPolicyTests {
    /// The page allows its own script by hash and no inline script else: `'unsafe-inline'` let
    /// any injected `<script>` run.
    @Test func thePagesPolicyNamesItsScriptByHash() {
        let html = HTMLRenderer.render(GraphView(title: "T", nodes: [], edges: []), findings: [], toolVersion: "test")
        let script = "<script>\(HTMLRenderer.script)</script>"
        #expect(html.contains(script))
        #expect(html.contains("script-src 'sha256-\(SHA256.base64Digest(HTMLRenderer.script.utf8))'"))
        #expect(!html.contains("script-src 'unsafe-inline'"))
    }
}
