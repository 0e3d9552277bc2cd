import Foundation
import TestSupport
import Testing

/// `bulkhead affected` through the built binary on a git repository made from the
/// TravelAppProject fixture: an Xcode project over a local package.
@Suite(.tags(.large)) struct XcodeProjectEndToEndTests {
    typealias Repository = AffectedEndToEndTests.Repository

    @Test func anAppOnlyChangeSelectsOnlyTheAppsTestTargets() throws {
        let repository = try Repository(copying: "TravelAppProject")
        defer { repository.remove() }
        try repository.append("// wiring", to: "App/CompositionRoot.swift")
        try repository.commit("app")
        let run = try repository.affected(["--format", "xcodebuild"], packagePath: ".")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "-only-testing:TravelAppTests\n-only-testing:TravelAppUITests\n")
    }

    /// The widget extension gains the Analytics product: only the widget's tests run, not the
    /// app's, though the whole project file changed.
    @Test func aProjectChangeAddingADependencyToOneTargetSelectsThatTargetsTestsOnly() throws {
        let repository = try Repository(copying: "TravelAppProject")
        defer { repository.remove() }
        try repository.edit("TravelApp.xcodeproj/project.pbxproj") { text in
            var lines = text.components(separatedBy: "\n")
            guard let index = lines.firstIndex(where: { $0.contains("/* WidgetModules (product) */ = {isa = XCSwiftPackageProductDependency;") }) else { return text }
            lines.insert(lines[index]
                .replacingOccurrences(of: "WidgetModules", with: "Analytics")
                .replacingOccurrences(of: #"AA[0-9A-F]{22} /\* Analytics"#, with: "BB0000000000000000000001 /* Analytics", options: .regularExpression), at: index + 1)
            return lines.joined(separator: "\n").replacingOccurrences(
                of: "/* WidgetModules (product) */, ); productName = TravelWidget;",
                with: "/* WidgetModules (product) */, BB0000000000000000000001 /* Analytics (product) */, ); productName = TravelWidget;")
        }
        try repository.commit("widget analytics")
        let run = try repository.affected(["--explain"], packagePath: ".")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "TravelWidgetTests: TravelApp.xcodeproj/project.pbxproj (declaration changed: packageProducts) — TravelWidgetTests → TravelWidget\n")
    }
}
