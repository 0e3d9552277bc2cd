import Configuration
import ImportScanning

extension Configuration {
    /// What the scan must look for beyond imports for the enabled source rules: nothing unless
    /// `source` configures an identifier or declaration rule that is not off, so a configuration
    /// without them scans exactly as before.
    package var sourceInspection: SourceInspection {
        let identifiers = severity(of: ForbiddenIdentifierRule.description) == nil ? [] : source.forbiddenIdentifiers.flatMap(\.identifiers)
        let declarations = (severity(of: DeclarationShapeRule.description) != nil && !source.declarations.isEmpty)
            || (severity(of: UncheckedSendableRule.description) != nil && !source.uncheckedSendable.isEmpty)
        return SourceInspection(identifiers: identifiers, declarations: declarations)
    }
}
