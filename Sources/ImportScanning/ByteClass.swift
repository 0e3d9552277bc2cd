/// The role of a byte at the start of a token, looked up in one 256-entry table so that the
/// cursor's hot loop is a load and a switch.
enum ByteClass: UInt8 {
    case space
    case newline
    case identifier
    case digit
    case quote
    case hash
    case slash
    case at
    case backtick
    case openParen
    case closeParen
    case openBrace
    case closeBrace
    case openBracket
    case closeBracket
    case dot
    case punctuation

    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// The table, allocated once for the life of the process and never freed. It is written only
    /// inside its lazy initializer and read-only afterwards, which is why sharing it is safe.
    nonisolated(unsafe) static let table: UnsafePointer<ByteClass> = {
        let table = UnsafeMutablePointer<ByteClass>.allocate(capacity: 256)
        for byte in 0..<256 {
            table[byte] = classify(UInt8(byte))
        }
        return UnsafePointer(table)
    }()

    /// Bytes that end a run of plain string content: a quote, a backslash, a line break.
    nonisolated(unsafe) static let stringStops: UnsafePointer<Bool> = {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for byte in 0..<256 {
            table[byte] = byte == Int(UInt8(ascii: "\"")) || byte == Int(UInt8(ascii: "\\")) || byte == Int(lineFeed) || byte == Int(carriageReturn)
        }
        return UnsafePointer(table)
    }()

    /// Bytes where a body skip stops in its last few bytes: what `ScanCursor.nextBodyStop`
    /// looks for sixteen bytes a turn (`i` stands for the word `import`).
    nonisolated(unsafe) static let bodyStops: UnsafePointer<Bool> = {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for byte in 0..<256 {
            table[byte] = "{}\"#/@`i".utf8.contains(UInt8(byte))
        }
        return UnsafePointer(table)
    }()

    /// Bytes where the search through an interpolation's content stops in its last few bytes:
    /// the body stops, parentheses and line breaks (`ScanCursor.plainInterpolationClose`).
    nonisolated(unsafe) static let interpolationStops: UnsafePointer<Bool> = {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for byte in 0..<256 {
            table[byte] = "{}\"#/@`i()\n\r".utf8.contains(UInt8(byte))
        }
        return UnsafePointer(table)
    }()

    private static func classify(_ byte: UInt8) -> ByteClass {
        switch byte {
        // NUL reads as whitespace, as in the compiler; binary files are turned away before this.
        case 0, UInt8(ascii: " "), UInt8(ascii: "\t"), 0x0B, 0x0C: .space
        case lineFeed, carriageReturn: .newline
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...: .identifier
        case UInt8(ascii: "0")...UInt8(ascii: "9"): .digit
        case UInt8(ascii: "\""): .quote
        case UInt8(ascii: "#"): .hash
        case UInt8(ascii: "/"): .slash
        case UInt8(ascii: "@"): .at
        case UInt8(ascii: "`"): .backtick
        case UInt8(ascii: "("): .openParen
        case UInt8(ascii: ")"): .closeParen
        case UInt8(ascii: "{"): .openBrace
        case UInt8(ascii: "}"): .closeBrace
        case UInt8(ascii: "["): .openBracket
        case UInt8(ascii: "]"): .closeBracket
        case UInt8(ascii: "."): .dot
        default: .punctuation
        }
    }

}

extension UnsafePointer<ByteClass> {
    /// Whether `byte` continues an identifier (or a number) once it has started. Called on a table
    /// pointer the caller already holds, so the hot loops never touch the lazy global.
    @inline(__always)
    func continuesIdentifier(_ byte: UInt8) -> Bool {
        // `.identifier` and `.digit` are adjacent raw values: one unsigned comparison.
        self[Int(byte)].rawValue &- ByteClass.identifier.rawValue < 2
    }
}
