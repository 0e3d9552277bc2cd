import Diagnostics
import ImportScanning
import ModuleGraph

/// A rule violation, before it is placed in a file: manifest findings name the declaration they
/// concern and are given a line in `Package.swift` afterwards.
package struct Finding: Sendable, Hashable {
    package enum Place: Sendable, Hashable {
        /// The declaration of `target` in its package's manifest, and the dependency it names.
        case manifest(dependency: String?)
        /// A line of a source file (path relative to the loaded folder), 1-based.
        case source(path: String, line: Int, column: Int, lineText: String)
        /// The declaration of product `name` in the manifest of `target`'s package (`target` is one
        /// of the product's targets): for findings about the product itself, such as its linkage.
        case product(name: String)
        /// The file that declares a unit (relative to the root), as a whole: for a unit that
        /// could not be loaded, which has no targets to point at.
        case unit(declarationPath: String)
    }

    package var ruleID: String
    package var severity: Severity
    package var target: TargetID
    /// What the finding is about (a dependency or a module): with the rule and the target, the
    /// key a baseline remembers it by.
    package var subject: String
    package var message: String
    package var notes: [String]
    package var place: Place
    /// The mechanical change to the target's declaration that resolves it, when there is one.
    package var fix: ManifestFix?
    /// Why a finding of the kind `--fix` resolves has no fix (a second copy would be linked, no
    /// product vends the module, the import is inside `#if`…): what `--fix` says of it.
    package var fixWithheld: String?

    /// The violation a finding reports, whichever rule found it: a declared dependency of a
    /// target, or a place in a file. Two rules reporting one violation is one too many. A file
    /// two targets compile (an app's and its extension's) is one place for what its text says
    /// (an identifier, a declaration), but one import per target: what one target declares is
    /// not the other's, so one target's finding on the import never hides the other's.
    package enum Violation: Sendable, Hashable {
        case declaration(target: TargetID, dependency: String?)
        /// `target` is nil for a finding about the file's text, shared by every target compiling it.
        case importSite(target: TargetID?, path: String, line: Int, column: Int)
        case product(package: String, name: String)
        case unit(declarationPath: String)
    }

    package var violation: Violation {
        switch place {
        // About the target as a whole (a setting it lacks, what its image holds): told apart by
        // what it is about, so that one rule's finding never hides another's.
        case .manifest(let dependency): .declaration(target: target, dependency: dependency ?? "#" + subject)
        case .source(let path, let line, let column, _):
            .importSite(target: Self.textRuleIDs.contains(ruleID) ? nil : target, path: path, line: line, column: column)
        case .product(let name): .product(package: target.package, name: name)
        case .unit(let path): .unit(declarationPath: path)
        }
    }

    /// The rules whose findings at a place in a file are about its text, whichever target compiles it.
    static let textRuleIDs: Set<String> = [
        ForbiddenIdentifierRule.description.id, UncheckedSendableRule.description.id, DeclarationShapeRule.description.id,
    ]

    package init(ruleID: String, severity: Severity, target: TargetID, subject: String, message: String, notes: [String] = [], place: Place) {
        self.ruleID = ruleID
        self.severity = severity
        self.target = target
        self.subject = subject
        self.message = message
        self.notes = notes
        self.place = place
    }
}

/// A change to one target's `dependencies:` list in its package's manifest.
package enum ManifestFix: Sendable, Hashable {
    /// Add `spelling` (`"Storage"` or `.product(name: "X", package: "Y")`), which names `name`;
    /// `package` is the identity of a product's package (the spelling writes it as manifests do,
    /// `"AppAccount"` for the identity `appaccount`), nil for a target of the same package.
    case addDependency(spelling: String, name: String, package: String? = nil)
    /// Remove the element naming `name`.
    case removeDependency(name: String)
    /// Remove the first of the elements naming `name`, which name one dependency twice over:
    /// another element naming it stays.
    case removeDuplicateDependency(name: String)

    /// The identity of the package of a product to add (given, else `y` of
    /// `.product(name: "X", package: "y")`); nil for a target of the same package, or a removal.
    package var productPackage: String? {
        if case .addDependency(_, _, let package?) = self { return package }
        guard case .addDependency(let spelling, _, _) = self, spelling.hasPrefix(".product("),
              let range = spelling.range(of: "package: \"") else { return nil }
        let rest = spelling[range.upperBound...]
        return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
    }
}

extension Finding.Place {
    /// A line of a scanned file, with the line's text for the baseline.
    static func source(_ file: SourceFile, line: Int, column: Int) -> Finding.Place {
        .source(path: file.path, line: line, column: column, lineText: file.lineTexts[line] ?? "")
    }
}
