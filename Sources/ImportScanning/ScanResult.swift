/// Everything the scanner learned from one file.
package struct ScanResult: Sendable, Hashable {
    /// File-scope imports in source order, active or not.
    package var imports: [ImportDeclaration]
    /// Problems in source order.
    package var issues: [ScanIssue]

    package init(imports: [ImportDeclaration] = [], issues: [ScanIssue] = []) {
        self.imports = imports
        self.issues = issues
    }

    /// The modules the compiler would load for a build described by `environment`, in first-seen
    /// order without repeats — the shape of `swiftc -emit-imported-modules`. Imports whose activity
    /// cannot be decided are included.
    package func activeModules(in environment: BuildEnvironment) -> [String] {
        var seen: Set<String> = []
        var modules: [String] = []
        for declaration in imports where declaration.isActive(in: environment) != false {
            if seen.insert(declaration.module).inserted { modules.append(declaration.module) }
        }
        return modules
    }
}
