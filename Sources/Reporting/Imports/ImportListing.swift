import Diagnostics
import ImportScanning

/// One file's imports, ready to render: where the file is shown and which target owns it.
package struct ScannedFile {
    package var displayPath: String
    package var target: String?
    package var imports: [ImportDeclaration]
    /// With `--platform`: the builds each import is decided for, each with its platform's
    /// variants (an import is active in a build when a variant compiles it). Empty: none asked.
    package var builds: [(build: PlatformBuild, variants: [BuildEnvironment])]

    package init(displayPath: String, target: String?, imports: [ImportDeclaration],
                 builds: [(build: PlatformBuild, variants: [BuildEnvironment])] = []) {
        self.displayPath = displayPath
        self.target = target
        self.imports = imports
        self.builds = builds
    }

    /// Per build, whether `declaration` is compiled there: true, false, or nil (undecided).
    package func activity(of declaration: ImportDeclaration) -> [(build: PlatformBuild, active: Bool?)] {
        builds.map { ($0.build, declaration.isActive(inAnyOf: $0.variants)) }
    }
}

/// Renders `bulkhead imports` output. Pure: scanned files in, bytes out. Each file renders on its
/// own, so workers render in parallel and the command only writes pieces in order.
package enum ImportListing {
    package enum Format: String, CaseIterable, Sendable {
        case text, json
    }

    /// The `version` of the JSON document; raised when a key changes meaning or disappears.
    /// 3: every import has `builds`, one `{platform, configuration, active}` per build asked for
    /// with `--platform` (`active` is true, false or "unknown"); empty without.
    package static let formatVersion = 3

    // MARK: Text

    /// `path:line:column  Target  @attr public import kind A.B  #if condition`, control
    /// characters in names escaped (`VisibleText`).
    ///
    /// `memo` keeps what each clause shows across files whose clauses are written alike (used only
    /// when no builds are asked for, and for the environment it was made for); the output is the
    /// same without it.
    package static func text(_ file: ScannedFile, environment: BuildEnvironment, colored: Bool, memo: ClauseListingMemo? = nil) -> [UInt8] {
        var output: [UInt8] = []
        guard !file.imports.isEmpty else { return output }
        // Written as bytes, the file's path and target escaped once for all its imports: building
        // each line as a `String` cost more than scanning the file.
        let path = VisibleText.escaped(file.displayPath)
        let target = file.target.map(VisibleText.escaped)
        output.reserveCapacity(file.imports.count * (path.utf8.count + 48))
        for declaration in file.imports {
            // With builds asked for, an import none of them compiles is left out.
            let activity = file.builds.isEmpty ? [] : file.activity(of: declaration)
            if !file.builds.isEmpty && activity.allSatisfy({ $0.active == false }) { continue }
            if colored { output.append(contentsOf: "\u{1B}[2m".utf8) }
            output.append(contentsOf: path.utf8)
            output.append(UInt8(ascii: ":"))
            appendDecimal(declaration.position.line, to: &output)
            output.append(UInt8(ascii: ":"))
            appendDecimal(declaration.position.column, to: &output)
            if colored { output.append(contentsOf: "\u{1B}[0m".utf8) }
            if let target {
                output.append(contentsOf: "  ".utf8)
                output.append(contentsOf: target.utf8)
            }
            output.append(contentsOf: "  ".utf8)
            appendDeclaration(declaration, colored: colored, to: &output)
            // Outside every clause an import is always compiled: no need to ask the clause table.
            if declaration.conditionDepth > 0 {
                let listed = file.builds.isEmpty
                    ? memo?.listed(declaration, in: environment) ?? ListedClauses(declaration, environment: environment)
                    : ListedClauses(declaration, environment: nil)
                output.append(contentsOf: "  ".utf8)
                output.append(contentsOf: listed.text)
                if listed.neverActive {
                    output.append(contentsOf: (colored ? "  \u{1B}[33m(never active)\u{1B}[0m" : "  (never active)").utf8)
                }
            }
            if !activity.isEmpty {
                let active = activity.filter { $0.active == true }.map(\.build)
                let undecided = activity.filter { $0.active == nil }.map(\.build)
                var builds: [String] = []
                if !active.isEmpty && active.count < activity.count { builds.append("on " + PlatformBuild.describe(active)) }
                if !undecided.isEmpty { builds.append("undecided on " + PlatformBuild.describe(undecided)) }
                if !builds.isEmpty { output.append(contentsOf: ("  (" + builds.joined(separator: "; ") + ")").utf8) }
            }
            output.append(UInt8(ascii: "\n"))
        }
        return output
    }

    /// `declarationText`, appended as bytes.
    private static func appendDeclaration(_ declaration: ImportDeclaration, colored: Bool, to output: inout [UInt8]) {
        for attribute in declaration.attributes {
            output.append(contentsOf: attribute.description.utf8)
            output.append(UInt8(ascii: " "))
        }
        if let access = declaration.accessLevel {
            output.append(contentsOf: access.rawValue.utf8)
            output.append(UInt8(ascii: " "))
        }
        output.append(contentsOf: "import ".utf8)
        if let kind = declaration.kind {
            output.append(contentsOf: kind.rawValue.utf8)
            output.append(UInt8(ascii: " "))
        }
        if colored { output.append(contentsOf: "\u{1B}[1m".utf8) }
        for (position, component) in declaration.path.enumerated() {
            if position > 0 { output.append(UInt8(ascii: ".")) }
            output.append(contentsOf: component.utf8)
        }
        if colored { output.append(contentsOf: "\u{1B}[0m".utf8) }
    }

    /// A non-negative number in decimal, without making a `String`.
    private static func appendDecimal(_ value: Int, to output: inout [UInt8]) {
        guard value > 0 else {
            output.append(contentsOf: String(value).utf8)
            return
        }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                      UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            output.append(contentsOf: buffer[(20 - count)...])
        }
    }

    /// The declaration in canonical spelling: `@_spi(X) public import struct A.B`.
    package static func declarationText(_ declaration: ImportDeclaration, colored: Bool = false) -> String {
        var parts = declaration.attributes.map(\.description)
        if let access = declaration.accessLevel { parts.append(access.rawValue) }
        parts.append("import")
        if let kind = declaration.kind { parts.append(kind.rawValue) }
        parts.append(colored ? "\u{1B}[1m\(declaration.dottedPath)\u{1B}[0m" : declaration.dottedPath)
        return parts.joined(separator: " ")
    }

    /// `#if os(iOS) › #else (not DEBUG)`: each clause, outermost first.
    package static func conditionsText(_ clauses: [ConditionalClause]) -> String {
        clauses.map(\.written).joined(separator: " › ")
    }

    // MARK: JSON

    /// The document's opening, up to the first import.
    package static func jsonHeader(package: String?) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw("{\n  ")
        writer.field("version", formatVersion)
        writer.raw(",\n  ")
        writer.field("tool", "bulkhead")
        writer.raw(",\n  ")
        writer.field("command", "imports")
        if let package {
            writer.raw(",\n  ")
            writer.field("package", package)
        }
        writer.raw(",\n  ")
        writer.key("imports")
        writer.raw("[")
        return writer.take()
    }

    /// One file's imports as array elements, each on its own line, separated by commas; the
    /// caller puts a comma between files.
    package static func jsonElements(_ file: ScannedFile, environment: BuildEnvironment) -> [UInt8] {
        var writer = JSONWriter()
        for (position, declaration) in file.imports.enumerated() {
            writer.raw(position > 0 ? ",\n    {" : "\n    {")
            if let target = file.target { writer.field("target", target) }
            writer.field("file", file.displayPath)
            writer.field("line", declaration.position.line)
            writer.field("column", declaration.position.column)
            writer.field("module", declaration.module)
            writer.field("path", declaration.dottedPath)
            writer.field("kind", declaration.kind?.rawValue)
            writer.field("access", declaration.accessLevel?.rawValue)
            writer.key("attributes")
            writer.array(declaration.attributes) { writer, attribute in
                writer.raw("{")
                writer.field("name", attribute.name)
                writer.field("arguments", attribute.arguments)
                writer.raw("}")
            }
            writer.key("conditions")
            // The innermost clauses and their count: see `ConditionalClause.shownClauseLimit`.
            writer.array(declaration.innermostConditions(limit: ConditionalClause.shownClauseLimit)) { writer, clause in
                writer.raw("{")
                writer.field("branch", clause.branch.rawValue)
                writer.field("condition", clause.condition)
                // The first few earlier conditions and their count: listing all of them for
                // every import of a long #elseif chain would make the output quadratic.
                writer.key("precedingConditions")
                writer.array(Array(clause.precedingConditions(limit: ConditionalClause.writtenConditionLimit))) { $0.string($1) }
                writer.field("precedingConditionCount", clause.precedingConditionCount)
                writer.field("canBeActive", environment.mayTake(clause))
                writer.raw("}")
            }
            writer.field("conditionCount", declaration.conditionDepth)
            writer.field("canBeActive", environment.mayCompile(declaration))
            writer.key("builds")
            writer.array(file.activity(of: declaration)) { writer, entry in
                writer.raw("{")
                writer.field("platform", entry.build.platform.rawValue)
                writer.field("configuration", entry.build.configuration.rawValue)
                if let active = entry.active { writer.field("active", active) } else { writer.field("active", "unknown") }
                writer.raw("}")
            }
            writer.raw("}")
        }
        return writer.take()
    }

    /// Closes the imports array and writes the problems and the counts.
    package static func jsonFooter(diagnostics: [Diagnostic], fileCount: Int, importCount: Int, hadImports: Bool) -> [UInt8] {
        var writer = JSONWriter()
        writer.raw(hadImports ? "\n  ],\n  " : "],\n  ")
        writer.key("diagnostics")
        writer.raw("[")
        for (position, diagnostic) in diagnostics.enumerated() {
            writer.raw(position > 0 ? ",\n    {" : "\n    {")
            writer.field("file", diagnostic.location?.path)
            writer.field("line", diagnostic.location?.line)
            writer.field("column", diagnostic.location?.column)
            writer.field("severity", diagnostic.severity.rawValue)
            writer.field("code", diagnostic.code)
            writer.field("message", diagnostic.message)
            writer.raw("}")
        }
        writer.raw(diagnostics.isEmpty ? "],\n  " : "\n  ],\n  ")
        writer.key("summary")
        writer.raw("{")
        writer.field("files", fileCount)
        writer.field("imports", importCount)
        writer.field("problems", diagnostics.count)
        writer.raw("}\n}\n")
        return writer.take()
    }
}
