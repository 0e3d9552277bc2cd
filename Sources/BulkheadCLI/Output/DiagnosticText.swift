import Diagnostics

/// The one-line spelling of a diagnostic that compilers, Xcode and editors understand:
/// `path:line:column: error: message [code]`.
enum DiagnosticText {
    static func line(_ diagnostic: Diagnostic) -> String {
        var location = ""
        if let path = diagnostic.location?.path {
            location = path
            if let line = diagnostic.location?.line {
                location += ":\(line)"
                if let column = diagnostic.location?.column { location += ":\(column)" }
            }
            location += ": "
        }
        return "\(location)\(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
    }
}
