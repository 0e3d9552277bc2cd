import Diagnostics
import ImportScanning

/// The scanner's codes in the catalog. They are declared here, where `SourceProblem` turns scan
/// issues into diagnostics, and not beside `ScanIssue.Code`: ImportScanning depends on nothing,
/// not even Diagnostics (Package.swift's arrows), and PackageLoading is the nearest module that does.
extension ScanIssue.Code {
    /// The catalog entry; the switch makes a new scanner code declare one. The severity is the
    /// one the scanner reports the code at (an error is a file the compiler rejects).
    package var entry: DiagnosticCode {
        switch self {
        case .binaryFile:
            entry(
                "A source file that looks binary (a NUL byte in its first 8 KiB), so it is not scanned.",
                """
                A `.swift` file with a NUL byte in its first 8 KiB is almost certainly not Swift source \
                (an object file, an archive or an image under the wrong name), and the compiler rejects \
                it. Bulkhead does not scan it, so none of its imports are checked. Remove it from the \
                target's folder, or, if it is source, delete the NUL bytes.
                """, .error)
        case .nulByte:
            entry(
                "A NUL byte in a source file, read as whitespace.",
                """
                The compiler warns about a NUL byte and reads it as whitespace; Bulkhead does the same, \
                so the file's imports are still checked. It usually comes from a broken merge, an \
                encoding conversion or a tool writing into the file: delete the byte at the line and \
                column the warning names.
                """, .warning)
        case .invalidUTF8:
            entry(
                "Bytes in a source file that are not valid UTF-8.",
                """
                The compiler reads Swift source as UTF-8 and rejects this file. Convert the file to \
                UTF-8 from the encoding it was written in (for example `iconv -f ISO-8859-1 -t UTF-8`), \
                or delete the bytes at the place the error names.
                """, .error)
        case .unterminatedString:
            entry(
                "A string literal that never ends.",
                """
                The compiler rejects the file. Like the compiler, Bulkhead reads what follows the \
                opening quote as the literal, so imports after it may not be seen. Close the literal \
                (`"`, `\"""` or its raw delimiter such as `"#`) that opens at the place the error names.
                """, .error)
        case .unterminatedComment:
            entry(
                "A block comment without its closing `*/`.",
                """
                The compiler rejects the file: everything after the `/*` is comment, nested `/*` \
                included, so imports after it are not seen. Close the comment, one `*/` for every `/*` \
                opened inside it.
                """, .error)
        case .unterminatedRegex:
            entry(
                "A regex literal that never ends.",
                """
                The compiler rejects the file. Close the literal (`/…/` or `#/…/#`); if the slash was \
                meant as division or an operator, put spaces around it.
                """, .error)
        case .unterminatedConditional:
            entry(
                "An `#if` without its `#endif`.",
                "The compiler rejects the file. Add the `#endif` that closes the block opened at the place the error names.",
                .error)
        case .unbalancedDirective:
            entry(
                "An `#endif`, `#else` or `#elseif` without an `#if`.",
                "The compiler rejects the file. Remove the directive, or add the `#if` it belongs to.",
                .error)
        case .conditionTooDeep:
            entry(
                "An `#if` condition nested deeper than \(ConditionExpression.nestingLimit) levels.",
                """
                The compiler rejects a condition nested deeper than \(ConditionExpression.nestingLimit) \
                levels. Bulkhead leaves that clause undecided instead of evaluating it, and scans every \
                other file. Flatten the condition: split it over nested `#if` blocks, or give a part of \
                it a name of its own with a compilation condition (`-D NAME`).
                """, .error)
        case .rejectedCondition:
            entry(
                "An `#if` condition in a form the compiler rejects.",
                """
                The compiler rejects the file, with the message the error quotes: an operator other \
                than `&&`, `||` and a `!` touching its operand (`DEBUG == true`, `! DEBUG`, `!!DEBUG`), \
                a literal other than `true` and `false` (`1`), a function it does not know, or a known \
                one given arguments it does not take (`compiler(>5)`, `swift(>= 5)`, \
                `_pointerBitWidth(64)`, `_runtime(ObjC)`, `hasFeature(A.B)`). Bulkhead leaves the clause \
                undecided instead of guessing what was meant. Write it as the compiler takes it: \
                `DEBUG`, `!DEBUG`, `true`, `compiler(>=5)`, `_pointerBitWidth(_64)`, `_runtime(_ObjC)`, \
                `hasFeature(Name)`. A condition ends at its line's end: a next line starting with `&&` \
                or `||` is code of the clause, which the compiler rejects; put the condition on one line \
                or in parentheses. Nothing is reported in a clause the compiler may not parse (after a \
                version check such as `#if compiler(>=6.2)`).
                """, .error)
        case .malformedImport:
            entry(
                "An `import` without a module name.",
                """
                The compiler rejects the file. Name the module (`import Foundation`) or remove the \
                keyword; an identifier spelled `import` needs backticks.
                """, .error)
        case .importNotAtFileScope:
            entry(
                "An `import` inside a declaration body.",
                """
                The compiler accepts imports only at file scope, and Bulkhead does not count this one \
                as an import of the file. Move it to the top of the file, outside every type, function \
                and closure.
                """, .warning)
        }
    }

    private func entry(_ summary: String, _ explanation: String, _ severity: Diagnostics.Severity) -> DiagnosticCode {
        DiagnosticCode(id: rawValue, family: .scanner, summary: summary, explanation: explanation, defaultSeverity: severity)
    }
}
