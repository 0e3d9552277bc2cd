import Formats

/// The JSON documents Bulkhead writes: pretty, keys sorted, slashes unescaped, a newline at the
/// end, so the bytes are stable (see `SortedJSONEncoder`). An encoding failure is thrown, never
/// turned into empty output.
package enum SortedJSON {
    package static func text(of value: some Encodable, document: String) throws(ReportError) -> String {
        do {
            return try SortedJSONEncoder.encode(value, endingLine: true)
        } catch {
            throw .unencodable(document: document, reason: error.description)
        }
    }
}
