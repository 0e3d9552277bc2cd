extension Diagnostic {
    /// A diagnostic under a catalog entry, at the entry's default severity unless `severity` (a
    /// configured one) says otherwise: producers name the entry, never a string, so every code
    /// they print is one `bulkhead explain` knows.
    package init(code: DiagnosticCode, severity: Severity? = nil, message: String, location: SourceLocation? = nil,
                 target: String? = nil, notes: [String] = []) {
        // Only configurable codes lack a default, and their callers pass the configured severity;
        // the catalog's tests hold every other entry to having one.
        self.init(severity: severity ?? code.defaultSeverity ?? .warning, code: code.id, message: message, location: location,
                  target: target, notes: notes)
    }
}
