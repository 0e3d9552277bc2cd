import Diagnostics

/// A line-oriented report's UTF-8, appended in place as it is written. A report of thousands of
/// findings built as one `String` spent more on growing and re-checking that string, piece by
/// piece, than on everything else it did; bytes are what the command writes anyway.
struct ReportBytes {
    private(set) var bytes: [UInt8] = []
    /// Whether `paint` wraps its text in the terminal's colour sequences.
    let colored: Bool

    init(colored: Bool = false) {
        self.colored = colored
    }

    /// `text` as it is: the report's own words, or text already made safe to show.
    mutating func append(_ text: String) {
        var text = text  // `withUTF8` reads a native string in place; it copies only a bridged one.
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// `text` with its control characters shown escaped (`VisibleText`): names and messages.
    mutating func appendVisible(_ text: String) {
        VisibleText.appendEscaped(text, to: &bytes)
    }

    mutating func append(_ number: Int) {
        append(String(number))
    }

    mutating func append(_ other: ReportBytes) {
        bytes.append(contentsOf: other.bytes)
    }

    /// What `body` appends, in the SGR colour `code` (`"31;1"`) when the report is coloured.
    mutating func paint(_ code: String, _ body: (inout ReportBytes) -> Void) {
        guard colored else { return body(&self) }
        append("\u{1B}[\(code)m")
        body(&self)
        append("\u{1B}[0m")
    }

    /// `path:line:column: ` as compilers print it; empty parts are left out.
    mutating func appendLocation(_ location: SourceLocation) {
        appendVisible(location.path)
        if let line = location.line {
            append(":")
            append(line)
            if let column = location.column {
                append(":")
                append(column)
            }
        }
        append(": ")
    }
}
