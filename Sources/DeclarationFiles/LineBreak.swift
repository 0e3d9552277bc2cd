/// The line break a declaration file mostly uses, for every line an edit adds: a CRLF
/// `project.pbxproj` or `Package.swift` gets CRLF lines, so the file keeps one ending
/// throughout and a diff of the fix shows only the lines it adds.
enum LineBreak {
    static let lineFeed: [UInt8] = [10]
    static let carriageReturnLineFeed: [UInt8] = [13, 10]

    /// CRLF when more lines of `bytes` end in CRLF than in a bare LF; LF otherwise, and for a
    /// file with no line break at all. The whole file decides, not the line next to the edit:
    /// one line an LF editor added to a CRLF file does not make the fix's lines LF.
    static func dominant(in bytes: [UInt8]) -> [UInt8] {
        var crlf = 0, lf = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 10 {
                if previous == 13 { crlf += 1 } else { lf += 1 }
            }
            previous = byte
        }
        return crlf > lf ? carriageReturnLineFeed : lineFeed
    }
}
