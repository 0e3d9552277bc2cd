/// One replacement of a range of bytes; an insertion when the range is empty. Edits of a
/// project file are splices, so every byte outside them stays as it was.
struct ByteSplice: Equatable {
    var range: Range<Int>
    var replacement: [UInt8]

    init(_ range: Range<Int>, _ replacement: [UInt8]) {
        self.range = range
        self.replacement = replacement
    }

    static func insert(_ text: [UInt8], at offset: Int) -> ByteSplice { ByteSplice(offset..<offset, text) }
    static func remove(_ range: Range<Int>) -> ByteSplice { ByteSplice(range, []) }

    /// Applies splices made against the same bytes; nil when two overlap or one is out of
    /// range. Insertions at the same offset land in the order given.
    static func apply(_ splices: [ByteSplice], to bytes: [UInt8]) -> [UInt8]? {
        let ordered = splices.enumerated().sorted {
            ($0.element.range.lowerBound, $0.element.range.upperBound, $0.offset) < ($1.element.range.lowerBound, $1.element.range.upperBound, $1.offset)
        }.map(\.element)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + splices.reduce(0) { $0 + $1.replacement.count })
        var position = 0
        for splice in ordered {
            guard splice.range.lowerBound >= position, splice.range.upperBound <= bytes.count else { return nil }
            result.append(contentsOf: bytes[position..<splice.range.lowerBound])
            result.append(contentsOf: splice.replacement)
            position = splice.range.upperBound
        }
        result.append(contentsOf: bytes[position...])
        return result
    }
}
