import Diagnostics
import ImportScanning

/// One file's imports, ready to render: where the file is shown and which target owns it.
struct ScannedFile {
    var displayPath: String
    var target: String?
    var imports: [ImportDeclaration]
}

/// Renders `bulkhead imports` output. Pure: scanned files in, bytes out. Each file renders on its
/// own, so workers render in parallel and the command only writes pieces in order.
enum ImportListing {
    enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    /// The `version` of the JSON document; raised when a key changes meaning or disappears.
    static let formatVersion = 1

    // MARK: Text

    /// `path:line:column  Target  @attr public import kind A.B  #if condition`
    static func text(_ file: ScannedFile, colored: Bool) -> [UInt8] {
        var output: [UInt8] = []
        for declaration in file.imports {
            var line = ""
            let location = "\(file.displayPath):\(declaration.position.line):\(declaration.position.column)"
            line += colored ? "\u{1B}[2m\(location)\u{1B}[0m" : location
            if let target = file.target { line += "  " + target }
            line += "  " + declarationText(declaration, colored: colored)
            if !declaration.conditions.isEmpty {
                line += "  " + conditionsText(declaration.conditions)
            }
            if !declaration.canBeActive {
                line += colored ? "  \u{1B}[33m(never active)\u{1B}[0m" : "  (never active)"
            }
            line += "\n"
            output.append(contentsOf: line.utf8)
        }
        return output
    }

    /// The declaration in canonical spelling: `@_spi(X) public import struct A.B`.
    static func declarationText(_ declaration: ImportDeclaration, colored: Bool = false) -> String {
        var parts = declaration.attributes.map(\.description)
        if let access = declaration.accessLevel { parts.append(access.rawValue) }
        parts.append("import")
        if let kind = declaration.kind { parts.append(kind.rawValue) }
        parts.append(colored ? "\u{1B}[1m\(declaration.dottedPath)\u{1B}[0m" : declaration.dottedPath)
        return parts.joined(separator: " ")
    }

    /// `#if os(iOS) › #else (not DEBUG)`: each clause, outermost first.
    static func conditionsText(_ clauses: [ConditionalClause]) -> String {
        clauses.map { clause in
            let earlier = clause.precedingConditions.isEmpty ? "" : " (not \(clause.precedingConditions.joined(separator: ", not ")))"
            switch clause.branch {
            case .if: return "#if \(clause.condition ?? "")"
            case .elseif: return "#elseif \(clause.condition ?? "")" + earlier
            case .else: return "#else" + earlier
            }
        }.joined(separator: " › ")
    }

    // MARK: JSON

    /// The document's opening, up to the first import.
    static func jsonHeader(package: String?) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\n  ")
        writer.key("version")
        writer.integer(formatVersion)
        writer.raw(",\n  ")
        writer.key("tool")
        writer.string("bulkhead")
        writer.raw(",\n  ")
        writer.key("command")
        writer.string("imports")
        if let package {
            writer.raw(",\n  ")
            writer.key("package")
            writer.string(package)
        }
        writer.raw(",\n  ")
        writer.key("imports")
        writer.raw("[")
        return writer.take()
    }

    /// One file's imports as array elements, each on its own line, separated by commas; the
    /// caller puts a comma between files.
    static func jsonElements(_ file: ScannedFile) -> [UInt8] {
        var writer = JSONWriter()
        for (position, declaration) in file.imports.enumerated() {
            if position > 0 { writer.raw(",") }
            writer.raw("\n    {")
            if let target = file.target {
                writer.key("target")
                writer.string(target)
                writer.raw(",")
            }
            writer.key("file")
            writer.string(file.displayPath)
            writer.raw(",")
            writer.key("line")
            writer.integer(declaration.position.line)
            writer.raw(",")
            writer.key("column")
            writer.integer(declaration.position.column)
            writer.raw(",")
            writer.key("module")
            writer.string(declaration.module)
            writer.raw(",")
            writer.key("path")
            writer.string(declaration.dottedPath)
            writer.raw(",")
            writer.key("kind")
            writer.optionalString(declaration.kind?.rawValue)
            writer.raw(",")
            writer.key("access")
            writer.optionalString(declaration.accessLevel?.rawValue)
            writer.raw(",")
            writer.key("attributes")
            writer.array(declaration.attributes) { writer, attribute in
                writer.raw("{")
                writer.key("name")
                writer.string(attribute.name)
                writer.raw(",")
                writer.key("arguments")
                writer.optionalString(attribute.arguments)
                writer.raw("}")
            }
            writer.raw(",")
            writer.key("conditions")
            writer.array(declaration.conditions) { writer, clause in
                writer.raw("{")
                writer.key("branch")
                writer.string(clause.branch.rawValue)
                writer.raw(",")
                writer.key("condition")
                writer.optionalString(clause.condition)
                writer.raw(",")
                writer.key("precedingConditions")
                writer.array(clause.precedingConditions) { $0.string($1) }
                writer.raw(",")
                writer.key("canBeActive")
                writer.boolean(clause.canBeActive)
                writer.raw("}")
            }
            writer.raw(",")
            writer.key("canBeActive")
            writer.boolean(declaration.canBeActive)
            writer.raw("}")
        }
        return writer.take()
    }

    /// Closes the imports array and writes the problems and the counts.
    static func jsonFooter(diagnostics: [Diagnostic], fileCount: Int, importCount: Int, hadImports: Bool) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw(hadImports ? "\n  ],\n  " : "],\n  ")
        writer.key("diagnostics")
        writer.raw("[")
        for (position, diagnostic) in diagnostics.enumerated() {
            writer.raw(position > 0 ? ",\n    {" : "\n    {")
            writer.key("file")
            writer.optionalString(diagnostic.location?.path)
            writer.raw(",")
            writer.key("line")
            if let line = diagnostic.location?.line { writer.integer(line) } else { writer.raw("null") }
            writer.raw(",")
            writer.key("column")
            if let column = diagnostic.location?.column { writer.integer(column) } else { writer.raw("null") }
            writer.raw(",")
            writer.key("severity")
            writer.string(diagnostic.severity.rawValue)
            writer.raw(",")
            writer.key("code")
            writer.string(diagnostic.code)
            writer.raw(",")
            writer.key("message")
            writer.string(diagnostic.message)
            writer.raw("}")
        }
        writer.raw(diagnostics.isEmpty ? "],\n  " : "\n  ],\n  ")
        writer.key("summary")
        writer.raw("{")
        writer.key("files")
        writer.integer(fileCount)
        writer.raw(",")
        writer.key("imports")
        writer.integer(importCount)
        writer.raw(",")
        writer.key("problems")
        writer.integer(diagnostics.count)
        writer.raw("}\n}\n")
        return writer.take()
    }
}
