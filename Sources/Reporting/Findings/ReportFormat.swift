/// The formats `bulkhead check` writes, one reporter each.
package enum ReportFormat: String, CaseIterable, Sendable {
    case text, xcode, json
}
