/// A `--format` value of `bulkhead check`: the name a reporter answers to. A struct, not an
/// enum, so that a new reporter declares its format in its own file; `Reporters.standard` is the
/// one list of reporters, and the formats `--format` accepts are read from it.
package struct ReportFormat: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    package let rawValue: String

    package init(rawValue: String) {
        self.rawValue = rawValue
    }

    package var description: String { rawValue }

    /// The formats of the standard reporters, in the order `--format` lists them.
    package static var allCases: [ReportFormat] { Reporters.standard.formats }

    /// Formats other programs read whole: the summary goes to standard error, not into them.
    /// Asked of the standard reporter of this format; an unknown format counts as for machines.
    package var isForMachines: Bool {
        Reporters.standard.all.first { $0.format == self }?.isForMachines ?? true
    }
}
