import Configuration

/// `bulkhead explain preset NAME`: a preset's layers as a table — how a target joins each layer,
/// what it may use, and the rule of the architecture each row states.
enum PresetExplanation {
    static func text(of name: String, _ preset: Configuration) -> String {
        var text = "preset \(name) — \(Presets.summaries[name] ?? "")\n\n"
        text += "A target joins the first layer that matches it (by folder, suffix or prefix).\n\n"
        let rows = preset.layers.map { layer -> [String] in
            let matches = layer.paths + layer.suffixes.map { "*\($0)" } + layer.prefixes.map { "\($0)*" } + layer.targets
            var mayUse = layer.mayUse.contains("*") ? "everything" : layer.mayUse.isEmpty ? "nothing" : layer.mayUse.joined(separator: ", ")
            if !layer.mayUse.contains("*") { mayUse += layer.allowsThirdParty ? "; third-party" : "" }
            var notes: [String] = []
            if layer.isPackageInternal { notes.append("internal to its package") }
            if !layer.forbiddenImports.isEmpty { notes.append("never imports \(layer.forbiddenImports.joined(separator: ", "))") }
            return [layer.name, matches.joined(separator: ", "), mayUse, notes.joined(separator: "; ")]
        }
        let header = ["LAYER", "MATCHES", "MAY USE", "ALSO"]
        let widths = (0..<header.count).map { column in ([header] + rows).map { $0[column].count }.max() ?? 0 }
        for row in [header] + rows {
            let cells = row.enumerated().map { index, cell in index == row.count - 1 ? cell : cell.padding(toLength: widths[index] + 2, withPad: " ", startingAt: 0) }
            text += cells.joined().trimmingTrailingSpaces() + "\n"
        }
        let conventions = preset.layers.compactMap { layer in layer.convention.map { "  \(layer.name): \($0)" } }
        if !conventions.isEmpty {
            text += "\nThe rules each row states, quoted in its findings:\n" + conventions.joined(separator: "\n") + "\n"
        }
        text += "\nUse it with \"preset\": \"\(name)\" in bulkhead.json, or --preset \(name).\n"
        return text
    }
}

private extension String {
    func trimmingTrailingSpaces() -> String {
        var result = self
        while result.last == " " { result.removeLast() }
        return result
    }
}
