import Diagnostics

/// The offline architecture page: one self-contained HTML file with the module graph laid out
/// here (`LayeredLayout`) as inline SVG, nodes coloured and grouped by cluster (layer or
/// package), a search, focus on a module with a depth and a direction (its dependencies, its
/// dependants, or both), violating edges in red, and the findings table whose rows focus their
/// edge. It loads nothing: no CDN, no font, no image; a Content-Security-Policy forbids every
/// fetch so a stray URL fails loudly instead of calling home, and runs only its own script (by its
/// hash). Same input, same bytes.
package enum HTMLRenderer {
    package static func render(_ view: GraphView, findings: [GraphFinding], toolVersion: String) -> String {
        let drawing = Drawing(view, findings: findings)
        var html = """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src '\(scriptSource)'">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="Bulkhead \(MarkupText.escaped(toolVersion))">
        <title>\(MarkupText.escaped(view.title)) — architecture</title>
        <style>\(style)</style>
        </head>
        <body>
        <header><h1>\(MarkupText.escaped(view.title))</h1><span id="status">\(drawing.nodeIDs.count) modules, \(drawing.edges.count) dependencies, \(findings.count) finding\(findings.count == 1 ? "" : "s")</span></header>
        <nav>
        <label>Search <input id="search" type="search" placeholder="module name" autocomplete="off"></label>
        <label>Depth <select id="depth"><option value="1">1</option><option value="2">2</option><option value="3">3</option><option value="0" selected>all</option></select></label>
        <label>Show <select id="direction"><option value="both" selected>dependencies and dependants</option><option value="out">dependencies</option><option value="in">dependants (reverse)</option></select></label>
        <label>Zoom <select id="zoom"><option value="fit">fit</option><option value="0.25">25%</option><option value="0.5">50%</option><option value="1" selected>100%</option></select></label>
        <button id="reset" type="button">Show all</button>

        """
        html += drawing.clusterLegend
        html += drawing.markLegend
        html += "</nav>\n<main id=\"graph\">\n"
        html += drawing.svg
        html += "</main>\n"
        html += drawing.findingsTable
        html += "<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    /// The CSP source that allows the page's one script and nothing else, `sha256-` and its hash:
    /// a name or message that ever got past the escaping into a `<script>` would not run.
    static let scriptSource = "sha256-" + SHA256.base64Digest(script.utf8)
}
