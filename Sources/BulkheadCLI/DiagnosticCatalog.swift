import Configuration
import Diagnostics
import Engine
import FileAccess
import PackageLoading
import Rules
import XcodeProjects

/// Every code Bulkhead can print, in one list: what `rules --all` lists, `explain` explains and
/// SARIF's rule table describes. Each family declares its entries beside what produces it (a rule
/// in its description, the scanner's where PackageLoading reports them); they meet here because the CLI
/// is the one module that sees every producer.
enum DiagnosticCatalog {
    /// In the order `rules --all` prints them and SARIF indexes them: the rules in precedence
    /// order, the baseline and suppression codes, the source files' and the scanner's, then the
    /// configuration warnings. Appending keeps an existing code's SARIF index.
    static let all: [DiagnosticCode] = RuleCatalog.codes + SourceProblem.codes + [Configuration.unmatchedPattern, OutsideRootWarning.entry,
                                                                                      MissingSourceWarning.entry, XCConfigLoader.entry, ProjectSpec.entry,
                                                                                      UnloadableUnitFinding.entry, MissingPackageDependency.entry,
                                                                                      DescribeFallback.entry, UnknownModulesNote.entry]

    /// The codes a report can carry: SARIF's rule table.
    static var reported: [DiagnosticCode] { all.filter(\.family.isReported) }

    static func code(_ id: String) -> DiagnosticCode? {
        all.first { $0.id == id }
    }
}
