import Formats
import ProjectObjects

/// A `project.pbxproj` as the editor places splices in it: its bytes, their `ProjectObjects`
/// (the reading the project reader and the locator share) and the file's line break.
/// Nothing is decoded as text but the parser's keys and words; edits are byte splices.
struct ProjectFileDocument {
    let bytes: [UInt8]
    let objects: ProjectObjects
    /// The line break the file mostly uses, which ends every line an edit writes.
    let lineBreak: [UInt8]

    /// Nil when the bytes are no property list or their objects are not a project's.
    init?(bytes: [UInt8]) {
        guard let objects = try? ProjectObjects(bytes: bytes) else { return nil }
        self.init(bytes: bytes, objects: objects, lineBreak: LineBreak.dominant(in: bytes))
    }

    private init(bytes: [UInt8], objects: ProjectObjects, lineBreak: [UInt8]) {
        self.bytes = bytes
        self.objects = objects
        self.lineBreak = lineBreak
    }

    var root: PropertyListNode { objects.document }

    /// The `objects` dictionary.
    var objectsNode: PropertyListNode { objects.objectsNode }

    func object(_ id: String) -> PropertyListNode? { objects.entry(id)?.value }

    func string(_ key: String, of id: String) -> String? { objects.string(key, of: id) }

    /// The array `key = (…);` of an object.
    func list(_ key: String, of id: String) -> PropertyListNode? {
        guard let node = objects.node(key, of: id), node.items != nil else { return nil }
        return node
    }

    /// The identifiers a list of an object holds (words; anything else is skipped).
    func identifiers(_ key: String, of id: String) -> [String] { objects.list(key, of: id) }

    /// Entries of `objects` whose `isa` is `isa`, in the file's order.
    func entries(isa: String) -> [PropertyListNode.Entry] { objects.entries(isa: isa) }

    /// The bytes of `/* comment */` between an object's identifier and its `=`, as Xcode
    /// writes a name there; kept as bytes, whatever their encoding.
    func comment(of id: String) -> ArraySlice<UInt8>? {
        guard let entry = objects.entry(id) else { return nil }
        var index = entry.keyRange.upperBound
        while index < bytes.count && (bytes[index] == 32 || bytes[index] == 9) { index += 1 }
        guard bytes.starts(with: Self.commentOpen, at: index) else { return nil }
        let start = index + Self.commentOpen.count
        var end = start
        while end < entry.range.upperBound && !bytes.starts(with: Self.commentClose, at: end) {
            if bytes[end] == 10 { return nil }
            end += 1
        }
        return end < entry.range.upperBound ? bytes[start..<end] : nil
    }

    static let commentOpen = Array("/* ".utf8)
    static let commentClose = Array(" */".utf8)

    /// The document after `splices`, re-read so the next edit is placed on what this one wrote;
    /// nil when the result no longer reads.
    func applying(_ splices: [ByteSplice]) -> ProjectFileDocument? {
        let edited = ByteSplice.apply(splices, to: bytes)
        guard let edited, let objects = try? ProjectObjects(bytes: edited) else { return nil }
        // The file's line break as first read: one edit's lines do not change what the next writes.
        return ProjectFileDocument(bytes: edited, objects: objects, lineBreak: lineBreak)
    }
}

extension Array where Element == UInt8 {
    func starts(with prefix: [UInt8], at index: Int) -> Bool {
        guard index >= 0, index + prefix.count <= count else { return false }
        for offset in 0..<prefix.count where self[index + offset] != prefix[offset] { return false }
        return true
    }

    /// Where `needle` first occurs; nil for an empty needle.
    package func firstRange(of needle: [UInt8]) -> Range<Int>? {
        guard !needle.isEmpty, needle.count <= count else { return nil }
        for index in 0...(count - needle.count) where self[index] == needle[0] && starts(with: needle, at: index) {
            return index..<(index + needle.count)
        }
        return nil
    }
}
