/// A warning a load gives and goes on: a reference that leaves the root, an `.xcconfig` line
/// skipped, a package folder with no manifest. It carries the catalog code it is explained under
/// (`bulkhead explain CODE`), and its line as shown: `place: code: message`, the place a file
/// (with its line, or the configuration that names it) relative to the root.
package struct LoadWarning: Sendable, Hashable, Comparable, CustomStringConvertible {
    package let code: String
    package let text: String

    package init(code: String, place: String, message: String) {
        self.code = code
        text = "\(place): \(code): \(message)"
    }

    /// A warning read back whole (from a cache entry, or escaped for a terminal).
    package init(code: String, text: String) {
        self.code = code
        self.text = text
    }

    package var description: String { text }

    /// By their lines, as the runs before the code was carried printed them.
    package static func < (lhs: LoadWarning, rhs: LoadWarning) -> Bool { lhs.text < rhs.text }
}
