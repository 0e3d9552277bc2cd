/// Turns one `check` run into the bytes of one format. Reporters are pure: the same `Report`
/// gives the same text, with no clock, environment or disk involved.
///
/// Graph renderers (`DOTRenderer`, `MermaidRenderer`, `GraphJSONRenderer`) are not reporters:
/// they draw a graph for `bulkhead graph`, not the findings of a check, and forcing both through
/// one protocol would make `Report` carry a graph that every findings reporter ignores.
package protocol Reporter: Sendable {
    /// The `--format` value that picks this reporter; unique within a `Reporters` list.
    var format: ReportFormat { get }

    /// Whether other programs read the output whole, so the closing summary goes elsewhere.
    var isForMachines: Bool { get }

    /// The whole report. Throws rather than writing empty or partial output when a document
    /// cannot be encoded.
    func render(_ report: Report) throws(ReportError) -> String

    /// The whole report as UTF-8, as `render` gives it.
    func renderedBytes(_ report: Report) throws(ReportError) -> [UInt8]
}

extension Reporter {
    package var isForMachines: Bool { true }

    package func renderedBytes(_ report: Report) throws(ReportError) -> [UInt8] {
        Array(try render(report).utf8)
    }
}
