import Diagnostics

/// `path:line:column: ` as compilers print it; empty parts are left out; control characters in
/// the path escaped.
enum DiagnosticLine {
    static func location(_ location: SourceLocation) -> String {
        var text = ""
        appendLocation(location, to: &text)
        return text
    }

    /// `location` as `location(_:)` spells it, appended to `text`.
    static func appendLocation(_ location: SourceLocation, to text: inout String) {
        text += VisibleText.escaped(location.path)
        if let line = location.line {
            text += ":"
            text += String(line)
            if let column = location.column {
                text += ":"
                text += String(column)
            }
        }
        text += ": "
    }
}
