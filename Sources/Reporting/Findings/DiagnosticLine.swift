import Diagnostics

/// `path:line:column: ` as compilers print it; empty parts are left out; control characters in
/// the path escaped.
enum DiagnosticLine {
    static func location(_ location: SourceLocation) -> String {
        var text = ReportBytes()
        text.appendLocation(location)
        return String(decoding: text.bytes, as: UTF8.self)
    }
}
