/// One replacement of a byte range; an edit is a few of them, applied from the end so earlier
/// offsets stay valid.
struct Splice {
    var range: Range<Int>
    var text: [UInt8]

    init(_ range: Range<Int>, _ text: String) {
        self.range = range
        self.text = Array(text.utf8)
    }

    /// Splices at the same offset land in the order given.
    static func apply(_ splices: [Splice], to bytes: [UInt8]) -> [UInt8] {
        var result = bytes
        let ordered = splices.enumerated().sorted { ($0.element.range.lowerBound, $0.offset) < ($1.element.range.lowerBound, $1.offset) }
        for (_, splice) in ordered.reversed() {
            result.replaceSubrange(splice.range, with: splice.text)
        }
        return result
    }
}
