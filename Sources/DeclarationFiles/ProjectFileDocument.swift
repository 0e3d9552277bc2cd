import Formats

/// A `project.pbxproj` read by the property-list parser with positions: its objects by
/// identifier and where each entry is written, for the project-file editor and locator.
/// Nothing is decoded as text but the parser's keys and words; edits are byte splices.
struct ProjectFileDocument {
    let bytes: [UInt8]
    let root: PropertyListNode
    /// The `objects` dictionary.
    let objectsNode: PropertyListNode
    /// Objects by identifier; the last when one is written twice, as the readers keep it.
    let objects: [String: PropertyListNode.Entry]
    /// The line break the file mostly uses, which ends every line an edit writes.
    let lineBreak: [UInt8]

    /// Nil when the bytes are no property list or hold no `objects` dictionary.
    init?(bytes: [UInt8]) {
        guard let root = try? OpenStepPropertyList.parseWithPositions(bytes) else { return nil }
        self.init(bytes: bytes, root: root, lineBreak: LineBreak.dominant(in: bytes))
    }

    private init?(bytes: [UInt8], root: PropertyListNode, lineBreak: [UInt8]) {
        guard let objectsNode = root["objects"]?.value, let entries = objectsNode.entries else { return nil }
        self.bytes = bytes
        self.root = root
        self.objectsNode = objectsNode
        var objects: [String: PropertyListNode.Entry] = [:]
        for entry in entries { objects[entry.key] = entry }
        self.objects = objects
        self.lineBreak = lineBreak
    }

    func object(_ id: String) -> PropertyListNode? { objects[id]?.value }

    func string(_ key: String, of id: String) -> String? { object(id)?[key]?.value.string }

    /// The array `key = (…);` of an object.
    func list(_ key: String, of id: String) -> PropertyListNode? {
        guard let node = object(id)?[key]?.value, node.items != nil else { return nil }
        return node
    }

    /// The identifiers a list of an object holds (words; anything else is skipped).
    func identifiers(_ key: String, of id: String) -> [String] {
        list(key, of: id)?.items?.compactMap(\.value.string) ?? []
    }

    /// Entries of `objects` whose `isa` is `isa`, in the file's order.
    func entries(isa: String) -> [PropertyListNode.Entry] {
        (objectsNode.entries ?? []).filter { $0.value["isa"]?.value.string == isa }
    }

    /// The native target called `name`, or nil when there is none or more than one.
    func nativeTarget(named name: String) -> String? {
        let matches = entries(isa: "PBXNativeTarget").filter { $0.value["name"]?.value.string == name }.map(\.key)
        return Set(matches).count == 1 ? matches.first : nil
    }

    /// The bytes of `/* comment */` between an object's identifier and its `=`, as Xcode
    /// writes a name there; kept as bytes, whatever their encoding.
    func comment(of id: String) -> ArraySlice<UInt8>? {
        guard let entry = objects[id] else { return nil }
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
        guard let edited, let root = try? OpenStepPropertyList.parseWithPositions(edited) else { return nil }
        // The file's line break as first read: one edit's lines do not change what the next writes.
        return ProjectFileDocument(bytes: edited, root: root, lineBreak: lineBreak)
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
