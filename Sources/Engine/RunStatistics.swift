import Foundation

/// `--stats`: where a run's time went, phase by phase, and what the caches saved, printed on
/// standard error so a report on standard output stays as it is.
package struct RunStatistics {
    package private(set) var phases: [(name: String, duration: Duration, detail: String)] = []
    private var last = ContinuousClock.now

    package init() {}

    /// Ends the phase that began at the previous call (or at creation).
    package mutating func endPhase(_ name: String, detail: String = "") {
        let now = ContinuousClock.now
        phases.append((name, now - last, detail))
        last = now
    }

    package var lines: [String] {
        let total = phases.reduce(Duration.zero) { $0 + $1.duration }
        return phases.map { phase in
            let name = (phase.name + ":").padding(toLength: 16, withPad: " ", startingAt: 0)
            return "bulkhead: \(name)\(Self.milliseconds(phase.duration))" + (phase.detail.isEmpty ? "" : "  \(phase.detail)")
        } + ["bulkhead: \("total:".padding(toLength: 16, withPad: " ", startingAt: 0))\(Self.milliseconds(total))"]
    }

    /// `   12.3 ms`, right-aligned for the phase column, or `12.3 ms` within a detail.
    package static func milliseconds(_ duration: Duration, aligned: Bool = true) -> String {
        let value = Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        return String(format: aligned ? "%7.1f ms" : "%.1f ms", value)
    }
}
