import Diagnostics
import Formats
import ModuleGraph

extension Configuration {
    /// The catalog entry of the warning for a pattern that matches nothing.
    package static let unmatchedPattern = DiagnosticCode(
        id: "unmatched-pattern", family: .configuration,
        summary: "A path or pattern in bulkhead.json matches nothing.",
        explanation: """
        A layer path, `exclude`, `workspace.exclude` or `affected.ignore` pattern that matches no \
        target folder, source or file is almost always written relative to the wrong folder, and \
        what it was meant to do then silently does nothing. Every path in bulkhead.json is \
        relative to the root: the folder of bulkhead.json, else the repository (`--verbose` names \
        it); a preset's paths are relative to each package and never warned about. Correct or \
        remove the pattern at the key path the warning names. The warning goes to standard error \
        and does not change the exit status.
        """,
        defaultSeverity: .warning)

    /// Layer paths and `exclude` patterns written in the file that match no target folder or
    /// source of `graph`, each at its key path (`layers[2].paths[0]`). A pattern that matches
    /// nothing is almost always a path written relative to the wrong folder, and its rule then
    /// silently checks nothing. A preset's paths are left out: a preset names every layer its
    /// convention has, and a repository need not use them all.
    ///
    /// These are warnings about the configuration, not findings in the code: they have no
    /// source line to suppress and nothing a baseline could remember, and the fix is one edit
    /// of `bulkhead.json`. So they go to standard error and do not change the exit status.
    package func unmatchedPatterns(in graph: ModuleGraph) -> [ConfigurationProblem] {
        // Nothing made for a file without such patterns: every run asks, and the folders and
        // names of hundreds of targets cost more than the rest of loading the configuration.
        let writtenLayers = layers.enumerated().filter { !$0.element.pathsArePackageRelative && !$0.element.paths.isEmpty }
        guard !writtenLayers.isEmpty || !exclude.isEmpty else { return [] }
        let folders = writtenLayers.isEmpty ? [] : graph.targets.filter { graph.package($0.id.package)?.isLocal ?? false }
            .map { LayerAssignment.folderFromRoot(of: $0, in: graph) }
        var problems: [ConfigurationProblem] = []
        for (index, layer) in writtenLayers {
            for (position, pattern) in layer.paths.enumerated() {
                let glob = Glob(pattern)
                if !folders.contains(where: glob.matches) {
                    problems.append(Self.unmatched("layers[\(index)].paths[\(position)]", pattern, what: "no target folder"))
                }
            }
        }
        let names = exclude.isEmpty ? [] : Set(graph.targets.flatMap { [$0.name, $0.id.description] })
        for (index, pattern) in exclude.enumerated() where !names.contains(pattern) {
            let glob = Glob(pattern)
            let matched = graph.targets.contains { target in
                let folder = LayerAssignment.folderFromRoot(of: target, in: graph)
                return glob.matchesItselfOrParent(folder)
                    || target.sources.contains { glob.matchesItselfOrParent(folder == "." ? $0 : "\(folder)/\($0)") }
            }
            if !matched { problems.append(Self.unmatched("exclude[\(index)]", pattern, what: "no target name, target folder or source file")) }
        }
        return problems
    }

    /// A problem for a pattern that matches nothing, at `keyPath`.
    package static func unmatched(_ keyPath: String, _ pattern: String, what: String) -> ConfigurationProblem {
        ConfigurationProblem(keyPath: keyPath, message: "\(unmatchedPattern.id): '\(pattern)' matches \(what); paths are relative to the root (the folder of bulkhead.json, else the repository; --verbose names it)")
    }
}

extension Configuration {
    /// `affected.ignore` patterns written in the file that match none of `files` (paths relative
    /// to the root): an ignore that matches nothing ignores nothing, and every change it was
    /// meant to leave out still runs every test.
    package func unmatchedIgnorePatterns(files: [String]) -> [ConfigurationProblem] {
        guard let affectedIgnore else { return [] }
        return affectedIgnore.enumerated().compactMap { index, pattern in
            let glob = Glob(pattern)
            return files.contains(where: glob.matchesItselfOrParent) ? nil : Self.unmatched("affected.ignore[\(index)]", pattern, what: "no file")
        }
    }
}
