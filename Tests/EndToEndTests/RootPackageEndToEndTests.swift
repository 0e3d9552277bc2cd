import Foundation
import TestSupport
import Testing

/// The built binary on a copy of a repository with a root tool package and nested packages,
/// through the real toolchain: run from a nested source folder it finds the root above, reads
/// its bulkhead.json, and reports the nested packages' findings with paths from the root.
@Suite(.tags(.large)) struct RootPackageEndToEndTests {
    @Test func checkFromANestedSourceFolderReportsTheNestedPackagesFindings() throws {
        let copy = try Fixtures.copy("RootPackage")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try? FileManager.default.removeItem(atPath: copy + "/.toolchain")
        let fromSubfolder = try BulkheadBinary.run(["check"], in: copy + "/Packages/Account/Sources/AccountKit")
        #expect(fromSubfolder.status == 1, "\(fromSubfolder.standardError)")
        #expect(fromSubfolder.standardOutput.contains("BrowserKit/Sources/BrowserUI/PageView.swift:2:8: error: BrowserUI (UI) imports AccountKit (Features)"))
        #expect(fromSubfolder.standardOutput.contains("Packages/Settings/Sources/SettingsKit/Settings.swift:3:8: error: SettingsKit imports BrowserCore"))
        #expect(fromSubfolder.standardOutput.contains("3 errors and 0 warnings in 8 targets"))
        #expect(fromSubfolder.standardError.contains("Packages/Settings/Package.swift:9: missing-package: .package(path:)"))
        let fromRoot = try BulkheadBinary.run(["check"], in: copy)
        #expect(fromRoot.standardOutput == fromSubfolder.standardOutput)
    }
}
