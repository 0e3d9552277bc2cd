extension Baseline {
    /// The baseline without what `findings` shows fixed: entries that no longer occur are
    /// removed and counts that shrank are lowered. Nothing is ever added, so a violation that
    /// appeared meanwhile stays new and keeps failing `check`.
    package func pruned(by findings: [PlacedFinding]) -> (baseline: Baseline, removedEntries: Int, removedOccurrences: Int) {
        let stale = BaselineComparison.compare(findings, with: self).stale
        var missing: [Entry: Int] = [:]
        for (entry, count) in stale {
            var key = entry
            key.count = nil
            missing[key] = count
        }
        var kept: [Entry] = []
        var removedEntries = 0
        var removedOccurrences = 0
        for entry in entries {
            var key = entry
            key.count = nil
            guard let gone = missing[key], gone > 0 else {
                kept.append(entry)
                continue
            }
            let total = entry.file != nil ? (entry.count ?? 1) : 1
            removedOccurrences += min(gone, total)
            if gone >= total {
                removedEntries += 1
            } else {
                var lowered = entry
                lowered.count = total - gone
                kept.append(lowered)
            }
        }
        return (Baseline(entries: kept), removedEntries, removedOccurrences)
    }
}
