import Configuration
import Diagnostics
import Engine
import FileAccess
import Foundation
import ImportScanning
import PackageLoading
import ModuleGraph
import Rules
import TestSupport
import Testing
import XcodeProjects
@testable import BulkheadCLI

/// The one catalog: every code a producer can print has an entry there, in its producer's words,
/// and `bulkhead explain` answers for every entry.
@Suite(.tags(.small)) struct DiagnosticCatalogTests {
    static let catalog = Dictionary(DiagnosticCatalog.all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// Every code each producer declares, enumerated from the producer itself: the rules `check`
    /// runs, the stale baseline entry, and each `CaseIterable` code enum. A new case or rule
    /// lands here without anyone listing it.
    static let declared: [(id: String, family: DiagnosticCode.Family)] = {
        var codes: [(id: String, family: DiagnosticCode.Family)] = RuleCatalog.rules.map { ($0.description.id, .rule) }
        codes.append((BaselineComparison.staleDescription.id, .baseline))
        codes += Suppressions.Code.allCases.map { ($0.rawValue, .suppression) }
        codes += SourceProblem.Code.allCases.map { ($0.rawValue, .sourceFile) }
        codes += ScanIssue.Code.allCases.map { ($0.rawValue, .scanner) }
        codes.append((Configuration.unmatchedPattern.id, .configuration))
        codes.append((OutsideRootWarning.entry.id, .configuration))
        codes.append((MissingSourceWarning.entry.id, .configuration))
        codes.append((XCConfigLoader.entry.id, .configuration))
        codes.append((ProjectSpec.entry.id, .sourceFile))
        codes.append((UnloadableUnitFinding.entry.id, .sourceFile))
        codes.append((MissingPackageDependency.entry.id, .configuration))
        codes.append((DescribeFallback.entry.id, .configuration))
        codes.append((UnknownModulesNote.entry.id, .configuration))
        return codes
    }()

    @Test func everyDeclaredCodeIsInTheCatalogUnderItsFamily() {
        for code in Self.declared {
            #expect(Self.catalog[code.id]?.family == code.family, "'\(code.id)' is missing from DiagnosticCatalog.all")
        }
        #expect(Self.catalog.count == DiagnosticCatalog.all.count, "an id is listed twice")
        #expect(Set(Self.catalog.keys) == Set(Self.declared.map(\.id)), "the catalog lists a code no producer declares")
    }

    /// What the producers really print, from each way they have of printing: every rule's
    /// triggering examples, a check with a broken and an idle suppression and a fixed baseline
    /// entry, every source problem and scanner issue, and the configuration's warning.
    @Test func everyEmittedCodeIsInTheCatalog() {
        var emitted: Set<String> = []
        for rule in RuleCatalog.all {
            for example in rule.triggering {
                emitted.formUnion(Checker.run(example.input(enabling: rule.id)).map(\.ruleID))
            }
        }
        emitted.formUnion(Check.run(Self.adoptionWorkspace).diagnostics.map(\.code))
        var unloadable = Workspace(graph: ModuleGraph(packages: [], targets: []), configuration: Configuration(), sources: [:])
        unloadable.unloadableUnits = [UnloadableUnit(declarationPath: "Future/Package.swift", folder: "Future", reason: "too new", remedy: "wait")]
        emitted.formUnion(Check.run(unloadable).diagnostics.map(\.code))
        emitted.insert(SourceProblem.readFailure("Sources/App/Caf\u{FFFD}.swift", .notFound).diagnostic.code)
        emitted.insert(SourceProblem.unreadable("Sources/App/App.swift", reason: "permission denied").code)
        for code in ScanIssue.Code.allCases {
            let issue = ScanIssue(code: code, severity: .error, message: "m", position: SourcePosition(offset: 0, line: 1, column: 1))
            emitted.insert(SourceProblem.diagnostic(for: issue, in: "Sources/App/App.swift").code)
        }
        let warning = Configuration.unmatched("exclude[0]", "Nowhere/**", what: "nothing").message
        emitted.insert(String(warning.prefix { $0 != ":" }))

        #expect(emitted.isSuperset(of: Suppressions.Code.allCases.map(\.rawValue) + [BaselineComparison.staleDescription.id]),
                "the adoption workspace no longer prints what it is meant to")
        for id in emitted.sorted() {
            #expect(Self.catalog[id] != nil, "'\(id)' is printed but has no entry in DiagnosticCatalog.all")
        }
    }

    /// A target with `// bulkhead:` comments that are unreadable and unused, and a baseline whose
    /// one entry no longer occurs.
    static var adoptionWorkspace: Workspace {
        let lines = ["// bulkhead:ignore undeclared-import - kept to show an unused one", "// bulkhead:nonsense", "import Foundation"]
        let input = RuleExample("adoption", targets: [.init("App", source: lines)]).input(enabling: "undeclared-import")
        let sources = input.sources.mapValues { files in
            files.map { file in
                var scanned = file
                scanned.directives = ImportScanner.scan(lines.joined(separator: "\n")).directives
                return scanned
            }
        }
        let baseline = Baseline(entries: [Baseline.Entry(rule: "unused-dependency", target: "App", subject: "Gone")])
        return Workspace(graph: input.graph, configuration: Configuration(), sources: sources,
                         baseline: BaselineFile(baseline: baseline, path: "bulkhead-baseline.json", shownPath: "bulkhead-baseline.json"))
    }

    /// A rule's entry is its description, not a second copy of its words.
    @Test func aRuleEntryIsItsDescription() throws {
        for rule in RuleCatalog.all {
            let entry = try #require(Self.catalog[rule.id])
            #expect(entry.summary == rule.summary && entry.explanation == rule.rationale && entry.defaultSeverity == rule.defaultSeverity, "\(rule.id)")
            #expect(entry.isBaselinable && entry.isSuppressible && entry.isConfigurable, "\(rule.id)")
        }
    }

    @Test func everyEntryIsComplete() {
        for code in DiagnosticCatalog.all {
            #expect(!code.id.isEmpty && code.id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, "\(code.id)")
            #expect(code.summary.hasSuffix(".") && !code.summary.contains("\n"), "\(code.id): the summary is one sentence on one line")
            #expect(!code.explanation.isEmpty, "\(code.id)")
            // Only a code whose severity bulkhead.json sets may be off by default.
            #expect(code.defaultSeverity != nil || code.isConfigurable, "\(code.id)")
        }
    }

    /// SARIF's results point into its rule table by index: the codes the table had before the
    /// catalog keep their places, and configuration warnings, never in a report, are left out.
    @Test func sarifsTableKeepsTheIndexesItHad() {
        let before = RuleCatalog.all.map(\.id) + ["stale-baseline", "unused-suppression", "invalid-suppression", "invalid-file-name", "unreadable-file"]
        let table = DiagnosticCatalog.reported.map(\.id)
        #expect(Array(table.prefix(before.count)) == before)
        #expect(!table.contains(Configuration.unmatchedPattern.id))
        #expect(!table.contains(OutsideRootWarning.entry.id))
        #expect(table.count == DiagnosticCatalog.all.filter { $0.family != .configuration }.count)
    }

    @Test(arguments: DiagnosticCatalog.all.map(\.id))
    func explainAnswersForEveryCode(_ id: String) throws {
        let code = try #require(DiagnosticCatalog.code(id))
        let run = CommandRun.run(["explain", id])
        #expect(run.status == .clean)
        #expect(run.standardError.isEmpty)
        #expect(run.standardOutput.hasPrefix("\(id) — \(code.summary)\nDefault severity: \(code.defaultSeverity?.rawValue ?? "off")\n\n"))
        #expect(run.standardOutput.contains(code.explanation))
    }

    /// A rule's explanation is what it was before the catalog; another code's says how to resolve it.
    @Test func explainSnapshots() {
        Snapshot.expect(CommandRun.run(["explain", "undeclared-import"]).standardOutput, matches: "explain-undeclared-import.txt")
        Snapshot.expect(CommandRun.run(["explain", "unused-suppression"]).standardOutput, matches: "explain-unused-suppression.txt")
        Snapshot.expect(CommandRun.run(["explain", "stale-baseline"]).standardOutput, matches: "explain-stale-baseline.txt")
    }

    @Test func anUnknownCodeIsAUsageErrorWithTheNearestCode() {
        let run = CommandRun.run(["explain", "unused-supression"])
        #expect(run.status == .usage)
        #expect(run.standardError.contains("no rule or code 'unused-supression'; did you mean 'unused-suppression'?"))
    }

    /// The hand-written table of rules in docs/checking.md lists each rule of the catalog, at its
    /// default severity, and no other.
    @Test func theCheckPageListsEveryRuleAtItsDefault() throws {
        let readme = try String(contentsOfFile: RepositoryRoot.path("docs/checking.md"), encoding: .utf8)
        // The table under its `| rule | default |` heading, to the blank line after it.
        let lines = readme.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex { $0.hasPrefix("| rule | default |") })
        let rows = lines[(heading + 2)...].prefix { !$0.isEmpty }.map { row in
            row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        var defaults: [String: String] = [:]
        for cells in rows where cells.count >= 2 { defaults[cells[0].trimmingCharacters(in: CharacterSet(charactersIn: "`"))] = cells[1] }
        for rule in RuleCatalog.all {
            let severity = rule.defaultSeverity?.rawValue ?? "off"
            #expect(defaults[rule.id]?.hasPrefix(severity) == true, "docs/checking.md: \(rule.id) should read \(severity), reads \(defaults[rule.id] ?? "nothing")")
        }
        #expect(Set(defaults.keys) == Set(RuleCatalog.all.map(\.id)))
    }

    /// `rules` prints what it printed before; `rules --all` adds every other code by family.
    @Test func rulesSnapshots() {
        let rules = CommandRun.run(["rules"])
        #expect(rules.status == .clean)
        Snapshot.expect(rules.standardOutput, matches: "rules.txt")
        let all = CommandRun.run(["rules", "--all"])
        #expect(all.status == .clean)
        Snapshot.expect(all.standardOutput, matches: "rules-all.txt")
        for code in DiagnosticCatalog.all {
            #expect(all.standardOutput.contains("\n\(code.id) "), "\(code.id)")
        }
    }
}
