import Foundation
import PackageLoading
import TestSupport
import Testing
@testable import BulkheadCLI

/// A project's remote product whose modules come from Xcode's `SourcePackages/checkouts`, found
/// through DerivedData's `info.plist`, or from a folder named with `--checkouts`. Widget imports
/// KitCore, a module of the product Kit that only App declares, and so does Plain of the package
/// Modules beside the project: unreachable once the modules are known; a note about unknown
/// modules otherwise.
@Suite(.tags(.medium)) struct XcodeCheckoutsTests {
    static let derivedEntry = "DerivedData/App-bulkheadfixture"

    /// A copy of the fixture whose DerivedData entry records the copy's project when `recorded`.
    static func copy(recordingTheProject recorded: Bool) throws -> String {
        let copy = try Fixtures.copy("XcodeCheckouts")
        if recorded {
            let plist = copy + "/" + derivedEntry + "/info.plist"
            let text = try String(contentsOfFile: plist, encoding: .utf8)
                .replacingOccurrences(of: "/Users/someone/elsewhere/App.xcodeproj", with: copy + "/App.xcodeproj")
            try text.write(toFile: plist, atomically: true, encoding: .utf8)
        }
        return copy
    }

    static func run(_ extra: [String], root: String, derivedData: String) -> CommandRun {
        var environment = ProcessInfo.processInfo.environment
        environment[CheckoutLocations.derivedDataVariable] = derivedData
        let describer = RecordedPackageDescriber(root: root, recordings: Fixtures.path("XcodeCheckouts/.toolchain"))
        return CommandRun.run(["check", "--format", "xcode", "--no-cache"] + extra + ["--package-path", root],
                              in: root, environment: environment, packageDescriber: describer)
    }

    @Test func theModulesComeFromTheDerivedDataCheckoutsOfTheProject() throws {
        let copy = try Self.copy(recordingTheProject: true)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let run = Self.run([], root: copy, derivedData: copy + "/DerivedData")
        #expect(run.status == .violations, "\(run.standardError)")
        #expect(run.standardOutput.contains("Widget/Widget.swift:1:8: error: Widget imports KitCore, which it does not declare [unreachable-import]"))
        #expect(!run.standardError.contains("remote product"))
        // A package beside the project: Xcode resolves its remote packages into the same checkouts.
        #expect(run.standardOutput.contains("Modules/Sources/Plain/Plain.swift:1:8: error: Plain imports KitCore, which it does not declare [unreachable-import]"))
        // Widget/Guarded.swift imports Kit inside #if canImport(Kit): never unreachable.
        #expect(!run.standardOutput.contains("Guarded.swift"))
    }

    @Test func theModulesComeFromAFolderNamedWithCheckouts() throws {
        let copy = try Self.copy(recordingTheProject: false)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let run = Self.run(["--checkouts", copy + "/" + Self.derivedEntry + "/SourcePackages"], root: copy, derivedData: copy + "/DerivedData")
        #expect(run.status == .violations, "\(run.standardError)")
        #expect(run.standardOutput.contains("error: Widget imports KitCore, which it does not declare [unreachable-import]"))
    }

    @Test func theModulesComeFromAFolderWorkspaceCheckoutsNames() throws {
        let copy = try Self.copy(recordingTheProject: false)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try #"{ "workspace": { "checkouts": ["\#(Self.derivedEntry)/SourcePackages/checkouts"] } }"#.write(toFile: copy + "/bulkhead.json", atomically: true, encoding: .utf8)
        let run = Self.run([], root: copy, derivedData: copy + "/DerivedData")
        #expect(run.status == .violations, "\(run.standardError)")
        #expect(run.standardOutput.contains("error: Widget imports KitCore, which it does not declare [unreachable-import]"))
    }

    @Test func aCheckoutsFolderThatIsNotAFolderIsAUsageError() throws {
        let copy = try Self.copy(recordingTheProject: false)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let run = Self.run(["--checkouts", copy + "/missing"], root: copy, derivedData: copy + "/DerivedData")
        #expect(run.status == .usage, "\(run.standardError)")
        #expect(run.standardError.contains("missing"))
    }

    @Test func aDerivedDataEntryOfAnotherWorkspaceIsNotReadAndOneNoteSaysWhatToDo() throws {
        let copy = try Self.copy(recordingTheProject: false)
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        let run = Self.run([], root: copy, derivedData: copy + "/DerivedData")
        // Nothing, not even Widget's import of Kit inside #if canImport(Kit).
        #expect(run.status == .clean, "\(run.standardOutput)")
        let notes = run.standardError.split(separator: "\n").filter { $0.hasPrefix("note: the modules of") }
        #expect(notes == ["note: the modules of 1 remote product are unknown (no checkout found), so imports they may provide are notes, not findings: run `swift package resolve` in Modules; build App.xcodeproj once in Xcode (its DerivedData checkouts are read; set BULKHEAD_DERIVED_DATA for another DerivedData folder) or pass --checkouts DIR"])
    }

    @Test func aPlistWithoutAWorkspacePathIsSkipped() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("certsure-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "not a plist".write(toFile: folder + "/info.plist", atomically: true, encoding: .utf8)
        #expect(CheckoutLocations.workspacePath(inInfoPlistAt: folder + "/info.plist") == nil)
    }
}
