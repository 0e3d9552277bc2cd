import Diagnostics

/// A baseline entry that no longer occurs, placed where a person would fix it: a source entry at
/// its file, a manifest entry at its target's declaration, else the baseline file itself.
enum StaleBaselineEntry {
    static func diagnostic(_ entry: Baseline.Entry, missing: Int, severity: Severity, file: BaselineFile,
                           places: inout ManifestPlaces) -> Diagnostic {
        let total = entry.count ?? 1
        let location = entry.file.map { SourceLocation(path: $0) }
            ?? places.location(ofTarget: entry.target ?? "")
            ?? SourceLocation(path: file.path)
        let message = missing < total
            ? "fixed \(missing) of \(total) — lower the count of this baseline entry to \(total - missing): \(entry.description)"
            : "fixed — remove from the baseline: \(entry.description)"
        return Diagnostic(
            code: BaselineComparison.staleEntry, severity: severity, message: message,
            location: location, target: entry.target,
            notes: ["the entry is in \(file.shownPath); `bulkhead baseline` rewrites the file without it"])
    }
}
