/// Why a report could not be written. A tool failure, never a finding: the caller prints the
/// message and exits with status 2.
package enum ReportError: Error, Sendable, Equatable {
    /// No reporter answers to the format.
    case unknownFormat(String, known: [String])
    /// The encoder refused the document (`document` names it: `json`, `sarif`, `graph json`).
    case unencodable(document: String, reason: String)

    package var message: String {
        switch self {
        case .unknownFormat(let format, let known):
            "no reporter writes the format '\(format)'; use one of \(known.joined(separator: ", "))"
        case .unencodable(let document, let reason):
            "could not encode the \(document) report (\(reason)); nothing was written. This is a bug in Bulkhead: please report it"
        }
    }
}
