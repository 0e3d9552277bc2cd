import Diagnostics
import Formats

/// The offline architecture page: one self-contained HTML file with the module graph laid out
/// here (`LayeredLayout`) as inline SVG, nodes coloured and grouped by cluster (layer or
/// package), a search, focus on a module with a depth and a direction (its dependencies, its
/// dependants, or both), and the findings grouped by severity and rule, whose rows focus their
/// edge. It loads nothing: no CDN, no font, no image; a Content-Security-Policy forbids every
/// fetch so a stray URL fails loudly instead of calling home, and runs only its own script (by its
/// hash). Same input, same bytes.
///
/// A repository-sized graph opens as an overview — one box per cluster, each expanding on a click
/// (`Overview`) — fitted to the window, and edges findings report are drawn only for what is
/// selected (every one on demand), so the page stays readable at 150 modules.
package enum HTMLRenderer {
    /// Above this many modules, a graph with clusters opens collapsed to its clusters.
    package static let collapseThreshold = 60

    package static func render(_ view: GraphView, findings: [GraphFinding], toolVersion: String,
                               collapseAbove threshold: Int = collapseThreshold, footprint: FootprintReport? = nil) -> String {
        let colours = Drawing.colours(of: view)
        let drawing = Drawing(view, findings: findings, colours: colours)
        let overview = Overview(view, above: threshold, colours: colours)
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
        <header><h1>\(MarkupText.escaped(view.title))</h1><span id="status">\(drawing.nodeIDs.count) modules, \(drawing.edges.count) dependencies, \(Self.findingCount(findings))</span></header>
        <nav>

        """
        if overview != nil {
            html += "<p id=\"views\"><button id=\"overview\" type=\"button\">Overview</button> <button id=\"everything\" type=\"button\">All modules</button></p>\n"
        }
        html += """
        <label>Search <input id="search" type="search" placeholder="module name" autocomplete="off"></label>
        <label>Depth <select id="depth"><option value="1">1</option><option value="2">2</option><option value="3">3</option><option value="0" selected>all</option></select></label>
        <label>Show <select id="direction"><option value="both" selected>dependencies and dependants</option><option value="out">dependencies</option><option value="in">dependants (reverse)</option></select></label>
        <label>Zoom <select id="zoom"><option value="fit" selected>fit</option><option value="0.25">25%</option><option value="0.5">50%</option><option value="1">100%</option></select></label>
        <label class="check"><input id="all-findings" type="checkbox"> Show every finding edge</label>
        <button id="reset" type="button">Show all</button>

        """
        html += drawing.clusterLegend
        html += drawing.markLegend
        html += "</nav>\n<main id=\"graph\">\n"
        if let overview { html += overview.svgs }
        html += drawing.svg(id: "drawing", hidden: overview != nil)
        html += "</main>\n"
        html += drawing.findingsTable
        if let footprint, !footprint.images.isEmpty { html += footprintSection(footprint) }
        html += "<script>\(script)</script>\n</body>\n</html>\n"
        return html
    }

    /// Each image with the modules it holds, their bytes and the chain of each, one closed
    /// `<details>` an image: what `bulkhead footprint` prints, on the page.
    static func footprintSection(_ footprint: FootprintReport) -> String {
        // Closed, one line under the findings until opened.
        var html = "<section id=\"footprint\"><details><summary>Footprint: what each binary holds (\(footprint.images.count))</summary>\n"
        for image in footprint.images {
            let summary = "\(image.name) (\(image.kind)): \(FootprintReport.count(image.modules.count, "module")), "
                + "\(FootprintReport.bytes(image.sourceBytes)) of Swift, \(FootprintReport.bytes(image.resourceBytes)) of resources"
                + (image.loads.isEmpty ? "" : "; loads \(image.loads.joined(separator: ", "))")
            html += "<details><summary>\(MarkupText.escaped(summary))</summary>\n<table><thead><tr><th>module</th><th>Swift</th><th>resources</th><th>linked through</th></tr></thead><tbody>\n"
            for module in image.modules {
                let swift = module.sourceBytes.map(FootprintReport.bytes) ?? "?"
                let resources = module.resourceBytes.map(FootprintReport.bytes) ?? "?"
                html += "<tr><td>\(MarkupText.escaped(module.module))</td><td>\(swift)</td><td>\(resources)</td><td>\(MarkupText.escaped(module.chain))</td></tr>\n"
            }
            html += "</tbody></table></details>\n"
        }
        if !footprint.shared.isEmpty {
            html += "<p>Held by more than one image: " + footprint.shared.map { entry in
                MarkupText.escaped("\(entry.module) (\(entry.images.joined(separator: ", ")))")
            }.joined(separator: "; ") + "</p>\n"
        }
        return html + "</details></section>\n"
    }

    /// "12 findings (3 errors, 8 warnings, 1 note)": the header's count, by severity.
    static func findingCount(_ findings: [GraphFinding]) -> String {
        let total = "\(findings.count) finding\(findings.count == 1 ? "" : "s")"
        let parts = Severity.allCases.reversed().compactMap { severity -> String? in
            let count = findings.filter { $0.severity == severity }.count
            return count == 0 ? nil : "\(count) \(severity.rawValue)\(count == 1 ? "" : "s")"
        }
        return parts.isEmpty ? total : "\(total) (\(parts.joined(separator: ", ")))"
    }

    /// The CSP source that allows the page's one script and nothing else, `sha256-` and its hash:
    /// a name or message that ever got past the escaping into a `<script>` would not run.
    static let scriptSource = "sha256-" + SHA256.base64Digest(script.utf8)
}
