import Foundation
import TestSupport
import Testing

/// The manifest rules through the binary, on `Tests/Fixtures/ManifestRules`: each finding at its
/// manifest line, and the suppressed one counted as suppressed.
@Suite(.tags(.large)) struct ManifestRulesEndToEndTests {
    @Test func requiredSettingsPinsAndWrappersAtTheirLines() throws {
        let run = try BulkheadBinary.run(["check", "--format", "xcode", "--package-path", BulkheadBinary.fixture("ManifestRules")])
        #expect(run.status == 1)
        let lines = run.standardOutput.split(separator: "\n").map { String($0.drop { $0 != ":" }.dropFirst()) }
        #expect(lines == [
            "11:23: error: kingfisher is pinned at 8.12.0 in Package.resolved, which exact: \"8.13.0\" does not accept; resolve again and commit it [pinned-dependency]",
            "12:23: error: swift-log is required with from: \"1.5.0\", looser than the pins policy 'exact': write exact: \"1.6.1\", the version Package.resolved pins [pinned-dependency]",
            "17:43: warning: ImageLoading uses the product Kingfisher of kingfisher, as AvatarCache does; let one module wrap it and the others use that module, or list it in sharedLibraries [third-party-wrapper]",
            "22:43: warning: AvatarCache uses the product Kingfisher of kingfisher, as ImageLoading does; let one module wrap it and the others use that module, or list it in sharedLibraries [third-party-wrapper]",
            "26:19: error: SearchFeature (Features) lacks .enableUpcomingFeature(\"InternalImportsByDefault\"), which its layer requires: add it to its swiftSettings [required-settings]",
        ])
        // ProfileFeature's language mode 5 is suppressed with a reason, and not reported as unused.
        #expect(!run.standardOutput.contains("ProfileFeature"))
    }
}
