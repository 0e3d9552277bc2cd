import Configuration
import Diagnostics
import ImportScanning
import ModuleGraph

/// `testing-import`: product code (a target that is neither a test nor test support) that imports
/// a Testing module in a release build, and `@testable import` in a release build of any
/// non-test target.
struct TestingImportRule: Rule {
    static let description = RuleDescription(
        id: "testing-import",
        summary: "Product code imports a Testing module outside #if DEBUG, or a non-test target uses @testable import outside it.",
        rationale: """
        A Testing module (fakes, fixtures; `*Testing`, `*TestSupport`, `*Mocks` by default) \
        imported by product code ships in release builds unless the import sits under \
        `#if DEBUG` — a preview or a debug menu may use fakes, the App Store build may not. \
        `@testable import` needs the imported module built with testing enabled, which release \
        builds are not: in a non-test target outside `#if DEBUG` it breaks the archive that \
        matters most. The \
        import is decided for the release builds of the configured platforms (`#if` as for the \
        other rules).
        """,
        defaultSeverity: .error,
        triggering: [
            RuleExample("A feature imports its fakes in every build.", targets: [
                .init("Search", dependencies: ["SearchTesting"], source: ["import ↓SearchTesting"]),
                .init("SearchTesting"),
            ]),
            RuleExample("A feature reaches into another module's internals.", targets: [
                .init("Search", dependencies: ["Storage"], source: ["@testable import ↓Storage"]),
                .init("Storage"),
            ]),
        ],
        nonTriggering: [
            RuleExample("The toolchain's and the SDK's test frameworks are nobody's own test support, whatever the patterns match.", targets: [
                .init("Fixtures", source: ["import Testing", "import XCTest", "import StoreKitTest"]),
            ]),
            RuleExample("Fakes for previews, in debug builds only; tests use @testable.", targets: [
                .init("Search", dependencies: ["SearchTesting"], source: ["#if DEBUG", "import SearchTesting", "#endif"]),
                .init("SearchTesting"),
                .init("SearchTests", kind: "test", dependencies: ["Search"], source: ["@testable import Search"]),
            ]),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let releaseBuilds = input.builds.filter { $0.configuration == .release }
        // Without a configured release build: what is known, with DEBUG (and any other flag) undefined.
        var release = input.environment
        release.definedFlags = (release.definedFlags ?? []).subtracting(["DEBUG"])
        var findings: [Finding] = []
        // Per package and module number, whether it is test support: files import the same
        // few modules (a module name means a target of the importer's own package first).
        let modules = input.importedModules
        var isTestingModule: [String: [Bool?]] = [:]
        for (index, target) in input.graph.targets.enumerated() where !target.isTest && !input.isExcluded(target) {
            let isTestSupport = input.configuration.isTestingName(target.name)
            // The package's answers so far, asked by module alone within the target (taken out
            // and put back, so no copy is made).
            var known = isTestingModule.removeValue(forKey: target.id.package) ?? [Bool?](repeating: nil, count: modules.names.count)
            defer { isTestingModule[target.id.package] = known }
            for (file, numbers) in input.checkedImports(ofTargetAt: index, modules: modules) {
                // By position: an import that is neither `@testable` nor of test support (most)
                // is passed over by its number.
                for position in numbers.indices {
                    let number = numbers[position]
                    // Most imports have no attribute: asked without copying the import out.
                    let isTestable = !file.imports[position].attributes.isEmpty && file.imports[position].hasAttribute("testable")
                    // Swift ignores an import of the module being compiled (a mock compiled into
                    // the app that writes `@testable import App`): it builds for release.
                    if isTestable && modules.names[number] == target.moduleName { continue }
                    // A module built with testing enabled in release (`-enable-testing`,
                    // ENABLE_TESTABILITY) takes `@testable import` there too.
                    if isTestable && enablesTestingInRelease(modules.names[number], from: target, in: input) { continue }
                    if !isTestable {
                        guard !isTestSupport else { continue }
                        let isTesting: Bool
                        if let answer = known[number] {
                            isTesting = answer
                        } else {
                            isTesting = self.isTestingModule(modules.names[number], from: target, in: input)
                            known[number] = isTesting
                        }
                        guard isTesting else { continue }
                    }
                    let declaration = file.imports[position]
                    let compiledInRelease: Bool
                    if releaseBuilds.isEmpty {
                        compiledInRelease = release.mayCompile(declaration)
                    } else {
                        let activity = input.activity(of: declaration, inTargetAt: index)
                        compiledInRelease = (activity.active + activity.undecided).contains { $0.configuration == .release }
                    }
                    // Debug builds enable testability and may use fakes (previews, debug menus).
                    guard compiledInRelease else { continue }
                    let place = Finding.Place.source(file, line: declaration.position.line, column: declaration.position.column)
                    if isTestable {
                        findings.append(Finding(
                            ruleID: Self.description.id, severity: severity, target: target.id, subject: declaration.module,
                            message: "\(target.name) uses @testable import \(declaration.module): release builds do not enable testing, so this does not build for release",
                            notes: ["make what \(target.name) needs `package` or `public` in \(declaration.module), or move the code to a test target"],
                            place: place))
                        continue
                    }
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: target.id, subject: declaration.module,
                        message: "\(target.name) imports the test-support module \(declaration.module) in release builds",
                        notes: ["wrap the import (and its uses) in #if DEBUG, or move the code that needs it to a test target"],
                        place: place))
                }
            }
        }
        return findings
    }

    /// Whether the local target providing `module` builds with testing enabled in release:
    /// `unsafeFlags(["-enable-testing"])` unconditionally or for release, or ENABLE_TESTABILITY.
    private func enablesTestingInRelease(_ module: String, from target: Target, in input: CheckInput) -> Bool {
        guard let id = input.localTarget(forModule: module, from: target.id), let provider = input.graph.target(id) else { return false }
        return provider.settings.contains { setting in
            setting.tool == "swift" && setting.kind == "unsafeFlags" && setting.values.contains("-enable-testing")
                && (setting.condition?.configuration == nil || setting.condition?.configuration == "release")
        }
    }

    /// A module a local test-support target provides, or one whose name says it is test support
    /// and that is no SDK or toolchain module.
    private func isTestingModule(_ module: String, from target: Target, in input: CheckInput) -> Bool {
        if let id = input.localTarget(forModule: module, from: target.id), let provider = input.graph.target(id) {
            return input.configuration.isTestingName(provider.name)
        }
        // The SDK's and the toolchain's modules (`Testing`, `XCTest`) are nobody's test support
        // of their own, whatever `testing.targets` matches.
        return !SDKModules.isSystemModule(module) && input.configuration.isTestingName(module)
    }
}
