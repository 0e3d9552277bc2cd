import Foundation

/// The JSON documents Bulkhead writes: pretty, keys sorted, slashes unescaped, a newline at the
/// end, so the bytes are stable. An encoding failure is thrown, never turned into empty output.
package enum SortedJSON {
    package static func text(of value: some Encodable, document: String) throws(ReportError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(value)
        } catch {
            throw .unencodable(document: document, reason: String(describing: error))
        }
        return String(decoding: data, as: UTF8.self) + "\n"
    }
}
