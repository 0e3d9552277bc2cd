import Diagnostics
import ModuleGraph

/// What a planned fix would break, found by checking the graph the fix leaves before anything is
/// written. A dependency no source of a target imports may still be what its dependants reach a
/// module through (an umbrella framework re-vending it, a chain a dependant's undeclared import
/// rides on); a dependency added for one import may close a cycle or cross a layer. Removing the
/// first sent one real monorepo's unreachable imports from 2 to 79, and the next `--fix` changed
/// the project again. Every finding the fixed graph has that the old one did not is laid at the
/// fixes that can have caused it, and those fixes are withheld with the finding as their reason.
package enum FixConsequences {
    /// One fix of one target: what is withheld.
    package struct FixKey: Sendable, Hashable {
        package var target: TargetID
        package var fix: ManifestFix

        package init(target: TargetID, fix: ManifestFix) {
            self.target = target
            self.fix = fix
        }
    }

    /// Cleanup findings a fix may leave behind without harm: a dependency added for an import can
    /// make another declared one redundant, which the report shows and a later fix removes.
    static let harmlessRuleIDs: Set<String> = ["unused-dependency", "redundant-dependency"]

    /// The fixes to withhold, each with why: `before` is the check of the graph as declared,
    /// `after` the check of the graph `fixed` leaves, `graph` the graph as declared.
    package static func harm(before: [PlacedFinding], after: [PlacedFinding], fixed: [PlacedFinding],
                             graph: ModuleGraph) -> [FixKey: String] {
        let old = Set(before.map(key))
        let appeared = after.filter { placed in
            placed.finding.severity != .note && !harmlessRuleIDs.contains(placed.finding.ruleID) && !old.contains(key(placed))
        }.sorted { $0.diagnostic < $1.diagnostic }
        guard !appeared.isEmpty else { return [:] }
        let fixes = Array(Set(fixed.compactMap { placed in placed.finding.fix.map { FixKey(target: placed.finding.target, fix: $0) } }))
            .sorted { "\($0.target) \($0.fix)" < "\($1.target) \($1.fix)" }
        var reach = Reach(graph: graph)
        var withheld: [FixKey: String] = [:]
        for placed in appeared {
            let finding = placed.finding
            let consequence = "\(finding.message) [\(finding.ruleID)]"
            // The fixes of the target itself, or of a target it depends on: no other can change
            // what it reaches.
            let upstream = reach.closure(of: finding.target)
            let candidates = fixes.filter { upstream.contains($0.target) }
            // Of those, a removal of what leads to the finding's module, or an addition to the
            // target itself, when the finding names such a module.
            let narrowed = candidates.filter { candidate in
                switch candidate.fix {
                case .addDependency: candidate.target == finding.target
                case .removeDependency(let name), .removeDuplicateDependency(let name):
                    name == finding.subject || reach.leads(from: candidate.target, through: name, to: finding.subject)
                }
            }
            for blamed in narrowed.isEmpty ? (candidates.isEmpty ? fixes : candidates) : narrowed where withheld[blamed] == nil {
                switch blamed.fix {
                case .addDependency: withheld[blamed] = "adding it would bring \(placed.targetName) a new finding: \(consequence)"
                case .removeDependency, .removeDuplicateDependency:
                    withheld[blamed] = "\(placed.targetName) still needs it: without it, \(consequence)"
                }
            }
        }
        return withheld
    }

    /// What tells one finding from another across the two checks: the manifest's lines move with
    /// the edits, a source's do not.
    private static func key(_ placed: PlacedFinding) -> String {
        let finding = placed.finding
        let place: String
        switch finding.place {
        case .source(let path, let line, _, _): place = "\(path):\(line)"
        case .manifest(let dependency): place = "manifest \(dependency ?? "")"
        case .product(let name): place = "product \(name)"
        case .unit(let path): place = "unit \(path)"
        }
        return "\(finding.ruleID)\u{1}\(finding.target)\u{1}\(finding.subject)\u{1}\(place)"
    }

    /// Closures over the declared graph, remembered per target.
    private struct Reach {
        let graph: ModuleGraph
        var closures: [TargetID: Set<TargetID>] = [:]

        init(graph: ModuleGraph) {
            self.graph = graph
        }

        /// `target` and every target it depends on, directly or not (`ModuleGraph.closure`).
        mutating func closure(of target: TargetID) -> Set<TargetID> {
            if let known = closures[target] { return known }
            let found = graph.closure(of: [target])
            closures[target] = found
            return found
        }

        /// Whether the dependency `name` of `target` leads to a target whose module is `module`.
        mutating func leads(from target: TargetID, through name: String, to module: String) -> Bool {
            for dependency in graph.dependencies(of: target) {
                guard case .target(let id) = dependency.node, id.name == name || dependency.product == name else { continue }
                if closure(of: id).contains(where: { graph.moduleName(of: $0) == module }) { return true }
            }
            return false
        }
    }
}
