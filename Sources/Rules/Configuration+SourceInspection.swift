import Configuration
import ImportScanning

extension Configuration {
    /// What the scan must look for beyond imports for the enabled source rules: nothing unless
    /// `source` configures an identifier or declaration rule that is not off, so a configuration
    /// without them scans for imports alone. Declarations are kept only when an enabled rule can
    /// select them: by a `source.declarations` entry's kinds and names, or as `@unchecked`.
    package var sourceInspection: SourceInspection {
        let identifiers = severity(of: ForbiddenIdentifierRule.description) == nil ? [] : source.forbiddenIdentifiers.flatMap(\.identifiers)
        let shapes = severity(of: DeclarationShapeRule.description) == nil ? [] : source.declarations
        let unchecked = severity(of: UncheckedSendableRule.description) != nil && !source.uncheckedSendable.isEmpty
        let selectors = shapes.map { entry in
            // An unknown kind (validation reports it) is dropped; an entry left with none keeps as one naming
            // none would: more kept, never fewer.
            DeclarationFilter.Selector(kinds: entry.kinds.compactMap(TypeDeclaration.Kind.init(rawValue:)), names: entry.names)
        }
        return SourceInspection(identifiers: identifiers, declarations: !shapes.isEmpty || unchecked,
                                keeping: DeclarationFilter(selectors: selectors, uncheckedSendable: unchecked))
    }
}
