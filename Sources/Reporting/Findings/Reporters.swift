/// The reporters `bulkhead check --format` can pick from: the one place that maps a format to
/// its reporter. Adding a reporter is its own file plus one line in `standard`.
package struct Reporters: Sendable {
    /// The built-in reporters, in the order `--format` lists them.
    package static let standard = Reporters([
        TextReporter(),
        XcodeReporter(),
        JSONReporter(),
        SARIFReporter(),
        GitHubReporter(),
        JUnitReporter(),
        CheckstyleReporter(),
        GitLabReporter(),
    ])

    /// In order; where two share a format, the first answers for it.
    package let all: [any Reporter]

    package init(_ reporters: [any Reporter]) {
        self.all = reporters
    }

    /// Each format once, in order.
    package var formats: [ReportFormat] {
        var seen: Set<ReportFormat> = []
        return all.map(\.format).filter { seen.insert($0).inserted }
    }

    package func reporter(for format: ReportFormat) throws(ReportError) -> any Reporter {
        guard let reporter = all.first(where: { $0.format == format }) else {
            throw .unknownFormat(format.rawValue, known: formats.map(\.rawValue))
        }
        return reporter
    }
}
