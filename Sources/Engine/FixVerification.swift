import Diagnostics
import Foundation
import PackageLoading
import Rules

/// The plan `--fix` writes, checked as the build would see it before anything is written:
/// - each fixed manifest evaluated by the toolchain differs from the old one only in the intended
///   entries (`EvaluatedManifestComparison`): a fix SwiftPM would not see (dead code, a list
///   assigned again, dependencies changed at run time) is withheld, not reported as fixed;
/// - the graph the fixes leave has no finding the old one did not (`FixConsequences`): a removal
///   a dependant still reaches a module through is withheld, naming the dependant.
/// A withheld fix leaves its finding with the reason, and the plan is made again without it,
/// until it holds; the rounds are bounded, and a plan that still does not hold is dropped whole.
enum FixVerification {
    /// Each round withholds at least one fix; past this many, what is left is withheld at once.
    static let maximumRounds = 4

    /// The rules whose findings say a source cannot reach a module it imports.
    static let pathRuleIDs = ["unreachable-import", "undeclared-import", "import-through-image"]

    /// `notes` receives a line for each manifest checked by reading rather than by evaluating.
    static func verifiedPlan(for findings: [PlacedFinding], workspace: Workspace, before: CheckResult,
                             evaluation: ManifestEvaluation?, notes: inout [String]) -> FixPlan {
        var findings = findings
        var plan = FixPlan(workspace: workspace, findings: findings)
        // Dependants outside `--target` are judged too: a fix of the chosen targets must not break
        // them. So are the paths to modules whatever rules the run selected: a path lost is lost
        // whether or not this run reports it.
        var whole = workspace
        whole.reportedTargets = nil
        for rule in RuleCatalog.all where pathRuleIDs.contains(rule.id) && whole.configuration.severity(of: rule) != .error {
            whole.configuration.rules[rule.id] = .error
        }
        let old = whole.configuration == workspace.configuration && workspace.reportedTargets == nil ? before.findings : Check.run(whole).findings
        var evaluations = Evaluations(evaluation: evaluation)
        for round in 0...maximumRounds {
            guard !plan.fixed.isEmpty else { break }
            var withheld = evaluations.refusals(plan, workspace: workspace)
            if withheld.isEmpty {
                var fixed = whole
                for (path, edit) in plan.edits { fixed.manifests[path] = edit.after }
                fixed.graph = FixOutcome.fixedGraph(workspace.graph, fixed: plan.fixed)
                withheld = FixConsequences.harm(before: old, after: Check.run(fixed).findings, fixed: plan.fixed, graph: workspace.graph)
            }
            guard !withheld.isEmpty else { break }
            if round == maximumRounds {
                // No plan held: nothing is written, each finding saying so.
                withheld = Dictionary(plan.fixed.compactMap { placed in
                    placed.finding.fix.map { (FixConsequences.FixKey(target: placed.finding.target, fix: $0),
                                              "the fixes together did not check out after \(maximumRounds) attempts; fix it by hand") }
                }, uniquingKeysWith: { first, _ in first })
            }
            findings = findings.map { placed in
                guard let fix = placed.finding.fix, let reason = withheld[FixConsequences.FixKey(target: placed.finding.target, fix: fix)] else { return placed }
                var changed = placed
                changed.finding.fix = nil
                changed.finding.fixWithheld = reason
                return changed
            }
            plan = FixPlan(workspace: workspace, findings: findings)
        }
        for (path, reason) in evaluations.unevaluated.sorted(by: { $0.key < $1.key }) {
            notes.append("note: \(VisibleText.escaped(path)): checked by reading the fixed manifest, not by evaluating it (\(VisibleText.escaped(reason)))")
        }
        return plan
    }

    /// The toolchain's answers for fixed manifests, kept across rounds: a file whose fixed bytes
    /// did not change since the last round is not evaluated again.
    private struct Evaluations {
        let evaluation: ManifestEvaluation?
        var answers: [String: (after: [UInt8], outcome: ManifestEvaluation.Outcome)] = [:]
        /// Manifests that do not evaluate apart from their folder, and why.
        var unevaluated: [String: String] = [:]

        init(evaluation: ManifestEvaluation?) {
            self.evaluation = evaluation
        }

        /// The fixes to withhold because the evaluated manifest is not what they meant.
        mutating func refusals(_ plan: FixPlan, workspace: Workspace) -> [FixConsequences.FixKey: String] {
            guard let evaluation else { return [:] }
            let manifests = plan.edits.filter { $0.key.hasSuffix(".swift") }.sorted { $0.key < $1.key }
            let asked = manifests.filter { path, edit in answers[path]?.after != edit.after }
            let outcomes = evaluation.evaluate(asked.map { ($0.value.before, $0.value.after) })
            for (index, (path, edit)) in asked.enumerated() { answers[path] = (edit.after, outcomes[index]) }

            var refusals: [FixConsequences.FixKey: String] = [:]
            for (path, _) in manifests {
                guard let outcome = answers[path]?.outcome else { continue }
                let fixes = plan.fixed.filter { workspace.manifestPath(of: $0.finding.target.package) == path }
                var problems: [String: String] = [:]
                switch outcome {
                case .beforeFailed(let reason):
                    unevaluated[path] = reason
                    continue
                case .afterFailed(let reason):
                    problems[""] = "the fixed manifest does not evaluate: \(reason)"
                case .evaluated(let before, let after):
                    var intended: [String: EvaluatedManifestComparison.IntendedChange] = [:]
                    for placed in fixes { if let fix = placed.finding.fix { intended[placed.finding.target.name, default: .init()].record(fix) } }
                    problems = EvaluatedManifestComparison.differences(beforeJSON: Array(before), afterJSON: Array(after), intended: intended)
                }
                for placed in fixes {
                    guard let fix = placed.finding.fix, let problem = problems[""] ?? problems[placed.finding.target.name] else { continue }
                    refusals[FixConsequences.FixKey(target: placed.finding.target, fix: fix)] =
                        "SwiftPM would not see the fix as meant: \(problem); edit it by hand"
                }
            }
            return refusals
        }
    }
}
