import Formats

extension Configuration {
    /// Whether `workspace.include` names a place outside the root: a pattern that starts with
    /// `../` is matched against the place's path from the root (`../Shared/Sources`), one that
    /// starts with `/` against its absolute path. Other patterns (`Tests/**/Fixtures`, `**`)
    /// name folders below the root only, so no pattern written for test inputs lets a read
    /// leave the repository.
    package func includesOutsideRoot(fromRoot: String, absolute: String) -> Bool {
        workspaceInclude.contains { pattern in
            var written = Substring(pattern)
            while written.hasPrefix("./") { written = written.dropFirst(2) }
            if written.hasPrefix("/") { return Glob(String(written)).matchesItselfOrParent(absolute) }
            if written == ".." || written.hasPrefix("../") { return Glob(String(written)).matchesItselfOrParent(fromRoot) }
            return false
        }
    }
}
