/// Why every test runs, said once: the files outside every target together, then each other
/// reason once. Standard error gets one line; `--explain` lists every file, each once.
package struct EverythingSummary: Sendable, Equatable {
    /// Outside every target, each once, in the order of the changes.
    package var outsideFiles: [String]
    /// The other reasons (a manifest that could not be compared, …), each once, in order.
    package var otherReasons: [String]

    /// How a file outside every target is one of `ChangeAnalysis.everythingReasons`.
    static func outsideReason(_ path: String) -> String { "\(path) is outside every target" }

    /// Files the one-line form names before "and N more".
    static let filesNamedInLine = 5

    package init(_ analysis: ChangeAnalysis) {
        var seen: Set<String> = []
        outsideFiles = analysis.outsideFiles.filter { seen.insert($0).inserted }
        let outside = Set(outsideFiles.map(Self.outsideReason))
        otherReasons = analysis.everythingReasons.filter { !outside.contains($0) && seen.insert($0).inserted }
    }

    package var isEmpty: Bool { outsideFiles.isEmpty && otherReasons.isEmpty }

    /// One line: "a is outside every target", or "3 files are outside every target: a, b, c",
    /// naming the first few; other reasons follow after "; ".
    package var line: String {
        var parts: [String] = []
        switch outsideFiles.count {
        case 0: break
        case 1: parts.append(Self.outsideReason(outsideFiles[0]))
        default:
            var named = outsideFiles.prefix(Self.filesNamedInLine).joined(separator: ", ")
            if outsideFiles.count > Self.filesNamedInLine { named += " and \(outsideFiles.count - Self.filesNamedInLine) more (--explain lists them)" }
            parts.append("\(outsideFiles.count) files are outside every target: \(named)")
        }
        return (parts + otherReasons).joined(separator: "; ")
    }

    /// `--explain`'s lines below "Every test runs:": a lone file as one line, several under one
    /// heading, one a line; then each other reason.
    package var explanation: [String] {
        var lines: [String] = []
        if outsideFiles.count == 1 {
            lines.append("  " + Self.outsideReason(outsideFiles[0]))
        } else if !outsideFiles.isEmpty {
            lines.append("  \(outsideFiles.count) files are outside every target:")
            lines += outsideFiles.map { "    " + $0 }
        }
        return lines + otherReasons.map { "  " + $0 }
    }
}
