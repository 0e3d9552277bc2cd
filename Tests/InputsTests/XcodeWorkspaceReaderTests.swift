import Foundation
import TestSupport
import Testing
@testable import PackageLoading
@testable import XcodeProjects

/// `contents.xcworkspacedata`: the projects and packages a workspace groups.
@Suite(.tags(.small)) struct XcodeWorkspaceReaderTests {
    @Test func locationsAreReadWithTheirEntitiesDecoded() {
        let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <Workspace version = "1.0">
           <FileRef location = "group:App/App.xcodeproj"></FileRef>
           <FileRef
              location = 'container:Packages/Kit &amp; Co'>
           </FileRef>
           <FileRef location="self:"></FileRef>
        </Workspace>
        """
        #expect(XcodeWorkspaceReader.locations(in: text) == ["group:App/App.xcodeproj", "container:Packages/Kit & Co", "self:"])
    }

    @Test func aWorkspaceListsItsProjectsAndTheFoldersHoldingAPackage() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-workspace-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: root) }
        for folder in ["All.xcworkspace", "App/App.xcodeproj", "Kit", "Docs"] {
            try FileManager.default.createDirectory(atPath: root + "/" + folder, withIntermediateDirectories: true)
        }
        FileManager.default.createFile(atPath: root + "/Kit/Package.swift", contents: Data())
        FileManager.default.createFile(atPath: root + "/All.xcworkspace/contents.xcworkspacedata", contents: Data("""
        <Workspace version = "1.0">
           <FileRef location = "group:App/App.xcodeproj"></FileRef>
           <FileRef location = "group:Kit"></FileRef>
           <FileRef location = "group:Docs"></FileRef>
        </Workspace>
        """.utf8))
        let contents = try #require(XcodeWorkspaceReader.read(workspaceAt: root + "/All.xcworkspace"))
        #expect(contents.projects == [root + "/App/App.xcodeproj"])
        #expect(contents.packages == [root + "/Kit"])
        #expect(XcodeWorkspaceReader.read(workspaceAt: root + "/Docs") == nil)
    }
}
