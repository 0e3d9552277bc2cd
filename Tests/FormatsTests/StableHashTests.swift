import Formats
import TestSupport
import Testing

/// The published FNV-1a 64-bit test vectors: cache file names, project identifiers and GitLab
/// fingerprints stay what earlier runs wrote.
@Suite(.tags(.small)) struct StableHashTests {
    @Test(arguments: [("", "cbf29ce484222325"), ("a", "af63dc4c8601ec8c"), ("foobar", "85944171f73967e8")])
    func fnv1aVectors(_ text: String, _ expected: String) {
        #expect(StableHash.hex(text) == expected)
    }
}
