import Formats

/// The JSON documents the reporters write: pretty, keys sorted, slashes unescaped, a newline at
/// the end, so the bytes are stable. Not a writer of its own: the bytes are `SortedJSONEncoder`'s
/// (Formats), the one JSON writer, which the baseline and `affected` use too; this names the
/// document in the report's error. An encoding failure is thrown, never turned into empty output.
package enum SortedJSON {
    package static func text(of value: some Encodable, document: String) throws(ReportError) -> String {
        do {
            return try SortedJSONEncoder.encode(value, endingLine: true)
        } catch {
            throw .unencodable(document: document, reason: error.description)
        }
    }
}
