import Configuration
@testable import Rules

/// Packages modelled on the seeds each preset comes from, as example data: every target
/// imports exactly what it declares, so only the preset's rules can speak.
enum PresetFixtures {
    typealias Target = RuleExample.ExampleTarget

    /// A target whose one source imports each of its dependencies.
    static func target(_ name: String, path: String? = nil, kind: String = "library", _ dependencies: [String] = [],
                       products: [String] = [], package: String = "example", extraImports: [String] = []) -> Target {
        let imports = (dependencies + products.map { String($0.prefix { $0 != "@" }) } + extraImports).map { "import \($0)" }
        return Target(name, path: path, kind: kind, dependencies: dependencies, products: products,
                      source: imports.isEmpty ? ["let x = 1"] : imports, package: package)
    }

    /// Seed 04: packages Search and Profile with the six suffixes, Testing, tests, and the app
    /// package with its target and orchestrator.
    static func suffixes(_ changes: [String: [String]] = [:]) -> [Target] {
        func deps(_ name: String, _ base: [String]) -> [String] { changes[name] ?? base }
        return [
            target("SearchModels", deps("SearchModels", []), package: "search"),
            target("SearchInterfaces", deps("SearchInterfaces", ["SearchModels"]), package: "search"),
            target("SearchUI", deps("SearchUI", ["SearchModels", "SearchInterfaces"]), products: ["Kingfisher@Kingfisher"], package: "search"),
            target("SearchServices", deps("SearchServices", ["SearchModels", "SearchInterfaces", "ProfileInterfaces"]), package: "search"),
            target("SearchFeature", deps("SearchFeature", ["SearchUI", "SearchServices", "ProfileModels"]), package: "search"),
            target("SearchAssembly", deps("SearchAssembly", ["SearchFeature", "SearchServices", "SearchInterfaces"]), package: "search"),
            target("SearchTesting", deps("SearchTesting", ["SearchInterfaces", "ProfileServices"]), package: "search"),
            target("SearchFeatureTests", kind: "test", deps("SearchFeatureTests", ["SearchFeature", "SearchTesting"]), package: "search"),
            target("ProfileModels", deps("ProfileModels", []), package: "profile"),
            target("ProfileInterfaces", deps("ProfileInterfaces", ["ProfileModels"]), package: "profile"),
            target("ProfileServices", deps("ProfileServices", ["ProfileInterfaces"]), package: "profile"),
            target("ProfileAssembly", deps("ProfileAssembly", ["ProfileServices"]), package: "profile"),
            target("AppBootstrapServices", deps("AppBootstrapServices", ["SearchAssembly", "ProfileAssembly", "ProfileServices"])),
            target("TravelApp", kind: "executable", deps("TravelApp", ["AppBootstrapServices", "SearchFeature"])),
        ]
    }

    /// Seed 01: core modules in Core/<Name>/Sources, features as four targets in Features/<X>/.
    static func features(_ changes: [String: [String]] = [:], products: [String: [String]] = [:]) -> [Target] {
        func deps(_ name: String, _ base: [String]) -> [String] { changes[name] ?? base }
        func core(_ name: String, _ base: [String], products: [String] = []) -> Target {
            target(name, path: "Core/\(name)/Sources", deps(name, base), products: products)
        }
        func feature(_ name: String, core: [String], uses: [String]) -> [Target] {
            [
                target(name + "Interface", path: "Features/\(name)/Interface", deps(name + "Interface", ["FoundationKit"])),
                target(name, path: "Features/\(name)/Sources", deps(name, [name + "Interface"] + uses.map { $0 + "Interface" } + core),
                       products: products[name] ?? []),
                target(name + "Testing", path: "Features/\(name)/Testing", deps(name + "Testing", [name + "Interface"])),
                target(name + "Tests", path: "Features/\(name)/Tests", kind: "test", deps(name + "Tests", [name, name + "Testing"] + uses.map { $0 + "Testing" })),
            ]
        }
        return [
            core("FoundationKit", []),
            core("Networking", ["FoundationKit"]),
            core("ImageLoading", ["FoundationKit", "Networking"], products: ["Kingfisher@Kingfisher"]),
            core("DesignSystem", ["FoundationKit", "ImageLoading"]),
        ] + feature("Search", core: ["FoundationKit", "DesignSystem", "Networking"], uses: ["HotelDetail"])
          + feature("HotelDetail", core: ["FoundationKit", "DesignSystem", "ImageLoading"], uses: [])
    }

    /// Seed 02: ExpensesKit's three layers and the app that wires them.
    static func clean(_ changes: [String: [String]] = [:], domainImports: [String] = ["Foundation"]) -> [Target] {
        func deps(_ name: String, _ base: [String]) -> [String] { changes[name] ?? base }
        return [
            target("ExpensesDomain", deps("ExpensesDomain", []), extraImports: domainImports),
            target("ExpensesData", deps("ExpensesData", ["ExpensesDomain"]), extraImports: ["SwiftData"]),
            target("ExpensesPresentation", deps("ExpensesPresentation", ["ExpensesDomain"]), extraImports: ["SwiftUI"]),
            target("ExpenseTrackerApp", kind: "executable", deps("ExpenseTrackerApp", ["ExpensesDomain", "ExpensesData", "ExpensesPresentation"]), extraImports: ["SwiftUI"]),
            target("ExpensesDomainTests", kind: "test", deps("ExpensesDomainTests", ["ExpensesDomain"])),
        ]
    }
}
