import Testing
@testable import ImportScanning

/// `canImportModules`: the names of a build's own importable modules that deciding an import's
/// clauses reads. Builds whose lists agree on those names decide the import alike, which is what
/// lets rules share one answer between targets that see different modules.
@Suite(.tags(.small)) struct CanImportModulesTests {
    static let text = """
        #if canImport(A)
        import One
        #elseif canImport(B.Sub) && DEBUG
        import Two
        #elseif os(iOS)
        import Three
        #else
        import Four
        #endif
        #if !canImport(C, _version: 2) || canImport(UIKit)
        #if DEBUG
        import Five
        #else
        import Six
        #endif
        #endif
        #if canImport(D) &&
        import Unparsable
        #endif
        import Seven
        """

    @Test func theModulesOfEveryClauseAndTheConditionsItNegates() {
        let imports = ImportScanner.scan(Self.text).imports
        let modules = Dictionary(uniqueKeysWithValues: imports.map { ($0.module, $0.canImportModules) })
        #expect(modules["One"] == ["A"])
        #expect(modules["Two"] == ["A", "B"])
        #expect(modules["Three"] == ["A", "B"])
        #expect(modules["Four"] == ["A", "B"])
        #expect(modules["Five"] == ["C", "UIKit"])
        #expect(modules["Six"] == ["C", "UIKit"])
        #expect(modules["Unparsable"] == [])
        #expect(modules["Seven"] == [])
    }

    /// A clause list made by hand names the same modules as the scanner's table.
    @Test func handMadeClausesNameWhatTheTableNames() {
        for declaration in ImportScanner.scan(Self.text).imports {
            let handMade = ImportDeclaration(path: declaration.path, position: declaration.position, conditions: declaration.conditions)
            #expect(handMade.sharedClauses == nil)
            #expect(handMade.canImportModules == declaration.canImportModules, "\(declaration.module)")
        }
    }

    /// Every pair of importable lists that agree on an import's modules decides it alike; the
    /// lists range over every subset of the modules named anywhere, on two platforms.
    @Test(arguments: [Platform.ios, Platform.linux])
    func listsThatAgreeOnTheNamedModulesDecideAlike(platform: Platform) {
        let universe = ["A", "B", "C", "D", "UIKit"]
        let subsets: [Set<String>] = (0..<(1 << universe.count)).map { mask in
            Set(universe.indices.filter { mask & (1 << $0) != 0 }.map { universe[$0] })
        }
        let environments = subsets.map { subset in
            PlatformBuild(platform, .debug).environments(defines: [], languageVersion: nil, visibleModules: subset)[0]
        }
        var decided = 0
        for declaration in ImportScanner.scan(Self.text).imports {
            let named = Set(declaration.canImportModules)
            var byNamed: [Set<String>: Bool?] = [:]
            for (subset, environment) in zip(subsets, environments) {
                let answer = declaration.isActive(in: environment)
                let key = subset.intersection(named)
                if let earlier = byNamed[key] {
                    #expect(earlier == answer, "\(declaration.module) \(subset.sorted())")
                } else {
                    byNamed[key] = answer
                }
                if answer != nil { decided += 1 }
            }
        }
        #expect(decided > 0)
    }
}
