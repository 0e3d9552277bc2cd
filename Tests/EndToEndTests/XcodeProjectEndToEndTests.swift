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
        try repository.edit("TravelApp.xcodeproj/project.pbxproj", TravelAppProjectEdits.widgetLinksAnalytics)
        try repository.commit("widget analytics")
        let run = try repository.affected(["--explain"], packagePath: ".")
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput == "TravelWidgetTests: TravelApp.xcodeproj/project.pbxproj (declaration changed: packageProducts) — TravelWidgetTests → TravelWidget\n")
    }
}
