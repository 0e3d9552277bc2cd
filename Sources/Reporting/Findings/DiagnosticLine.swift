import Diagnostics

/// `path:line:column: ` as compilers print it; empty parts are left out; control characters in
/// the path escaped.
enum DiagnosticLine {
    static func location(_ location: SourceLocation) -> String {
        var text = VisibleText.escaped(location.path)
        if let line = location.line {
            text += ":\(line)"
            if let column = location.column { text += ":\(column)" }
        }
        return text + ": "
    }
}
