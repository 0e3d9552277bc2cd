/// A JSON document written as it goes, in exactly the bytes `SortedJSONEncoder` writes for the
/// same value: for a document of thousands of small objects whose keys the writer knows (a
/// report's findings), no tree of the document is built and no key is sorted or looked up.
///
/// The caller opens and closes containers, gives each object's keys in the order of their UTF-8
/// bytes (leaving out a key whose value is absent, as `encodeIfPresent` does), and may write any
/// other `Encodable` value at its place through the encoder.
package struct SortedJSONStream {
    private var writer = SortedJSONEncoder.Writer()
    /// The containers open, innermost last: whether each is an array, and whether it holds
    /// anything yet. A container's indentation is its depth.
    private var open: [(isArray: Bool, isEmpty: Bool)] = []

    package init() {}

    package mutating func openObject() {
        openContainer(UInt8(ascii: "{"), isArray: false)
    }

    package mutating func closeObject() {
        close(UInt8(ascii: "}"))
    }

    package mutating func openArray() {
        openContainer(UInt8(ascii: "["), isArray: true)
    }

    private mutating func openContainer(_ bracket: UInt8, isArray: Bool) {
        beginValue()
        writer.output.append(bracket)
        open.append((isArray: isArray, isEmpty: true))
    }

    package mutating func closeArray() {
        close(UInt8(ascii: "]"))
    }

    /// The next member's key, in the object open innermost; its value follows.
    package mutating func key(_ name: String) {
        precondition(open.last?.isArray == false, "a key outside an object")
        startMember()
        writer.appendString(name)
        writer.output.append(contentsOf: " : ".utf8)
    }

    package mutating func string(_ text: String) {
        beginValue()
        writer.appendString(text)
    }

    package mutating func integer(_ number: Int) {
        beginValue()
        if number < 0 { writer.output.append(UInt8(ascii: "-")) }
        writer.appendDecimal(UInt64(number.magnitude))
    }

    package mutating func strings(_ texts: [String]) {
        openArray()
        for text in texts { string(text) }
        closeArray()
    }

    /// Any value, written as `SortedJSONEncoder` writes it at this place.
    package mutating func value(_ value: some Encodable) throws(SortedJSONEncoder.Failure) {
        beginValue()
        try writer.write(value, indent: open.count)
    }

    /// The document, every container closed; with `endingLine`, a line break after it.
    package consuming func finished(endingLine: Bool) -> String {
        String(decoding: finishedBytes(endingLine: endingLine), as: UTF8.self)
    }

    /// The document as UTF-8, for output that takes bytes: a `String` of a report of
    /// thousands of findings costs a pass that checks bytes valid by construction.
    package consuming func finishedBytes(endingLine: Bool) -> [UInt8] {
        precondition(open.isEmpty, "a container left open")
        if endingLine { writer.output.append(UInt8(ascii: "\n")) }
        return writer.output
    }

    /// An element of an array starts its own line; a member's value follows its key.
    private mutating func beginValue() {
        guard open.last?.isArray == true else { return }
        startMember()
    }

    private mutating func startMember() {
        if !open[open.count - 1].isEmpty { writer.output.append(UInt8(ascii: ",")) }
        open[open.count - 1].isEmpty = false
        writer.newline(open.count)
    }

    private mutating func close(_ bracket: UInt8) {
        let closed = open.removeLast()
        writer.close(bracket, indent: open.count, empty: closed.isEmpty)
    }
}
