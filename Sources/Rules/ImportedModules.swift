import Formats
import ImportScanning
import ModuleGraph

/// The modules the workspace's sources import, numbered once per check, and the number of every
/// import's module.
///
/// Rules ask several questions of each import's module: which local target it means, whether
/// the target declares it, whether it is test support, whether anything provides it. Asked by
/// name, every question of every import in every rule hashed the name again, which was most of
/// what the rules cost on a monorepo of thousands of files. By number, a rule answers each
/// question once per distinct module (and target, where the answer depends on it) and finds the
/// answer by position; the thousands of imports of `Foundation` cost one lookup between them.
package struct ImportedModules: Sendable {
    /// The module names, by number.
    package let names: [String]
    /// Per target, by its position among the graph's targets; per file of its sources, in the
    /// order `CheckInput.sources` holds them; per import: its module's number.
    private let numbers: [[[Int]]]
    /// Per module number: the local targets an import of it can mean, in the graph's order.
    private let candidates: [[TargetID]]

    init(graph: ModuleGraph, sources: [TargetID: [SourceFile]]) {
        var numbering = NameNumbers()
        numbers = graph.targets.map { target in
            (sources[target.id] ?? []).map { file in
                // By position, reading the path's first component (`ImportDeclaration.module`)
                // straight from the array: a call of the getter copied the whole import out first.
                let imports = file.imports
                var numbers: [Int] = []
                numbers.reserveCapacity(imports.count)
                for position in imports.indices {
                    numbers.append(numbering.number(of: imports[position].path[0]))
                }
                return numbers
            }
        }
        names = numbering.names
        candidates = names.map { graph.targets(importableAs: $0) }
    }

    /// The module numbers of the imports of each of the sources of the target at `index` among
    /// the graph's targets, file by file.
    func numbers(ofTargetAt index: Int) -> [[Int]] {
        numbers[index]
    }

    /// `CheckInput.localTarget(forModule:from:)` by number: one in the importer's package first.
    package func localTarget(forModule number: Int, from importer: TargetID) -> TargetID? {
        let candidates = self.candidates[number]
        // One candidate (most modules) is the answer whichever package it is in.
        guard candidates.count > 1 else { return candidates.first }
        return candidates.first { $0.package == importer.package } ?? candidates.first
    }
}
