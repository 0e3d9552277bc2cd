import Formats
import Foundation

/// The JSON documents' writer on documents made from arbitrary bytes: strings of any text (the
/// names, paths and messages of a repository end up in reports), nested arrays and objects,
/// integers, booleans and nulls. Oracle: no trap; the bytes are those Foundation's `JSONEncoder`
/// writes with sorted keys, pretty-printed, slashes unescaped (on Linux, where this runs); and
/// the document reads back through Formats' JSON reader to the same strings, keys and structure.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    var bytes = Array(UnsafeBufferPointer(start: data, count: size))[...]
    let document = Value.make(from: &bytes, depth: 0)
    let written: String
    do {
        written = try SortedJSONEncoder.encode(document)
    } catch {
        fatalError("a document without floating point was refused: \(error)")
    }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let foundation = String(decoding: try! encoder.encode(document), as: UTF8.self)
    precondition(written == foundation, "the writer differs from Foundation:\n\(written)\n---\n\(foundation)")
    // The same document written as it goes (`SortedJSONStream`, as the JSON report is), each
    // object's keys given in byte order: the same bytes.
    var stream = SortedJSONStream()
    do {
        try document.stream(into: &stream)
    } catch {
        fatalError("the stream refused a document without floating point: \(error)")
    }
    let streamed = stream.finished(endingLine: false)
    precondition(streamed == written, "the stream differs from the encoder:\n\(streamed)\n---\n\(written)")
    guard let read = try? JSONReader.read(Array(written.utf8), syntax: .json) else {
        fatalError("the written document does not read back:\n\(written)")
    }
    precondition(document.matches(read.value), "the document read back differs:\n\(written)")
    return 0
}

/// A document shaped by the input: each byte picks the next value's kind; strings take the bytes
/// up to the next 0xFF, decoded as UTF-8 with repairs (as any text becomes a `String`).
/// Nesting stops at depth 8, so the input never controls the recursion.
indirect enum Value: Encodable {
    case text(String)
    case number(Int)
    case flag(Bool)
    case null
    case list([Value])
    case table([String: Value])
    /// Strings, integers and booleans straight in a container, which the writer takes without
    /// an encoder of their own.
    case texts([String])
    case counts([String: Int])
    case flags([Bool])

    static func make(from bytes: inout ArraySlice<UInt8>, depth: Int) -> Value {
        guard let kind = bytes.popFirst() else { return .null }
        switch kind % 9 {
        case 0: return .text(text(from: &bytes))
        case 1: return .number(Int(Int8(bitPattern: bytes.popFirst() ?? 0)) * Int(kind))
        case 2: return .flag(kind & 0x80 != 0)
        case 3: return .null
        case 4 where depth < 8:
            var items: [Value] = []
            for _ in 0..<Int(bytes.popFirst() ?? 0) % 5 { items.append(make(from: &bytes, depth: depth + 1)) }
            return .list(items)
        case 5 where depth < 8:
            var table: [String: Value] = [:]
            for _ in 0..<Int(bytes.popFirst() ?? 0) % 5 { table[text(from: &bytes)] = make(from: &bytes, depth: depth + 1) }
            return .table(table)
        case 6:
            return .texts((0..<Int(bytes.popFirst() ?? 0) % 5).map { _ in text(from: &bytes) })
        case 7:
            var counts: [String: Int] = [:]
            for _ in 0..<Int(bytes.popFirst() ?? 0) % 5 { counts[text(from: &bytes)] = Int(Int8(bitPattern: bytes.popFirst() ?? 0)) }
            return .counts(counts)
        case 8:
            return .flags((0..<Int(bytes.popFirst() ?? 0) % 5).map { _ in (bytes.popFirst() ?? 0) & 1 == 1 })
        default: return .null
        }
    }

    static func text(from bytes: inout ArraySlice<UInt8>) -> String {
        let end = bytes.firstIndex(of: 0xFF) ?? bytes.endIndex
        let text = String(decoding: bytes[..<end], as: UTF8.self)
        bytes = bytes[(end == bytes.endIndex ? end : end + 1)...]
        return text
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .text(let text): var single = encoder.singleValueContainer(); try single.encode(text)
        case .number(let number): var single = encoder.singleValueContainer(); try single.encode(number)
        case .flag(let flag): var single = encoder.singleValueContainer(); try single.encode(flag)
        case .null: var single = encoder.singleValueContainer(); try single.encodeNil()
        case .list(let items): try items.encode(to: encoder)
        case .table(let table): try table.encode(to: encoder)
        case .texts(let texts): try texts.encode(to: encoder)
        case .counts(let counts): try counts.encode(to: encoder)
        case .flags(let flags): try flags.encode(to: encoder)
        }
    }

    /// The value written through the stream's own containers; a null, and a flag inside an
    /// object, through the encoder at its place.
    func stream(into json: inout SortedJSONStream) throws {
        switch self {
        case .text(let text): json.string(text)
        case .number(let number): json.integer(number)
        case .flag, .null: try json.value(self)
        case .list(let items):
            json.openArray()
            for item in items { try item.stream(into: &json) }
            json.closeArray()
        case .table(let table):
            json.openObject()
            for key in table.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                json.key(key)
                try table[key]!.stream(into: &json)
            }
            json.closeObject()
        case .texts(let texts): json.strings(texts)
        case .counts(let counts):
            json.openObject()
            for key in counts.keys.sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) {
                json.key(key)
                json.integer(counts[key]!)
            }
            json.closeObject()
        case .flags(let flags):
            json.openArray()
            for flag in flags { try json.value(flag) }
            json.closeArray()
        }
    }

    func matches(_ value: JSONValue) -> Bool {
        switch (self, value.kind) {
        case (.text(let text), .string(let read)): return text == read
        case (.number(let number), .number(let read)): return Double(number) == read
        case (.flag(let flag), .bool(let read)): return flag == read
        case (.null, .null): return true
        case (.list(let items), .array(let read)): return items.count == read.count && zip(items, read).allSatisfy { $0.matches($1) }
        case (.table(let table), .object(let read)):
            return table.count == read.count && table.allSatisfy { key, item in read[key].map(item.matches) ?? false }
        case (.texts(let texts), .array(let read)):
            return texts.count == read.count && zip(texts, read).allSatisfy { Value.text($0).matches($1) }
        case (.counts(let counts), .object(let read)):
            return counts.count == read.count && counts.allSatisfy { key, count in read[key].map(Value.number(count).matches) ?? false }
        case (.flags(let flags), .array(let read)):
            return flags.count == read.count && zip(flags, read).allSatisfy { Value.flag($0).matches($1) }
        default: return false
        }
    }
}
