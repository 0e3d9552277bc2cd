import Foundation
import TestSupport
import Testing
@testable import DeclarationFiles

/// Linking and unlinking package products in a `project.pbxproj` written as Xcode writes it:
/// objects over several lines, lists one item a line, sections sorted by identifier.
@Suite(.tags(.small)) struct ProjectFileEditorTests {
    static let project = """
    // !$*UTF8*$!
    {
    \tarchiveVersion = 1;
    \tobjectVersion = 77;
    \tobjects = {

    /* Begin PBXBuildFile section */
    \t\t1A0000000000000000000001 /* Kit in Frameworks */ = {isa = PBXBuildFile; productRef = 1A0000000000000000000002 /* Kit */; };
    /* End PBXBuildFile section */

    /* Begin PBXFrameworksBuildPhase section */
    \t\t1A0000000000000000000003 /* Frameworks */ = {
    \t\t\tisa = PBXFrameworksBuildPhase;
    \t\t\tbuildActionMask = 2147483647;
    \t\t\tfiles = (
    \t\t\t\t1A0000000000000000000001 /* Kit in Frameworks */,
    \t\t\t);
    \t\t\trunOnlyForDeploymentPostprocessing = 0;
    \t\t};
    /* End PBXFrameworksBuildPhase section */

    /* Begin PBXNativeTarget section */
    \t\t1A0000000000000000000004 /* App */ = {
    \t\t\tisa = PBXNativeTarget;
    \t\t\tbuildPhases = (
    \t\t\t\t1A0000000000000000000003 /* Frameworks */,
    \t\t\t);
    \t\t\tname = App;
    \t\t\tpackageProductDependencies = (
    \t\t\t\t1A0000000000000000000002 /* Kit */,
    \t\t\t);
    \t\t\tproductName = App;
    \t\t\tproductType = "com.apple.product-type.application";
    \t\t};
    /* End PBXNativeTarget section */

    /* Begin PBXProject section */
    \t\t1A0000000000000000000006 /* Project object */ = {
    \t\t\tisa = PBXProject;
    \t\t\tpackageReferences = (
    \t\t\t\t1A0000000000000000000005 /* XCLocalSwiftPackageReference "Packages/Core" */,
    \t\t\t);
    \t\t\ttargets = (
    \t\t\t\t1A0000000000000000000004 /* App */,
    \t\t\t);
    \t\t};
    /* End PBXProject section */

    /* Begin XCLocalSwiftPackageReference section */
    \t\t1A0000000000000000000005 /* XCLocalSwiftPackageReference "Packages/Core" */ = {
    \t\t\tisa = XCLocalSwiftPackageReference;
    \t\t\trelativePath = Packages/Core;
    \t\t};
    /* End XCLocalSwiftPackageReference section */

    /* Begin XCSwiftPackageProductDependency section */
    \t\t1A0000000000000000000002 /* Kit */ = {
    \t\t\tisa = XCSwiftPackageProductDependency;
    \t\t\tpackage = 1A0000000000000000000005 /* XCLocalSwiftPackageReference "Packages/Core" */;
    \t\t\tproductName = Kit;
    \t\t};
    /* End XCSwiftPackageProductDependency section */
    \t};
    \trootObject = 1A0000000000000000000006 /* Project object */;
    }

    """

    static func text(_ editor: ProjectFileEditor) -> String { String(decoding: editor.bytes, as: UTF8.self) }

    @Test func linkingWritesXcodesStyleAndUnlinkingUndoesIt() throws {
        var editor = ProjectFileEditor(bytes: Array(Self.project.utf8))
        try editor.addProduct("Networking", packagePath: "./Packages/Core", to: "App")
        let linked = Self.text(editor)
        let lines = linked.components(separatedBy: "\n")
        // A multi-line object in the multi-line section, and one item a line in each list.
        let start = try #require(lines.firstIndex { $0.hasSuffix(" /* Networking */ = {") })
        #expect(Array(lines[(start + 1)...(start + 4)]) == [
            "\t\t\tisa = XCSwiftPackageProductDependency;",
            "\t\t\tpackage = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"Packages/Core\" */;",
            "\t\t\tproductName = Networking;",
            "\t\t};",
        ])
        let productID = String(lines[start].dropFirst(2).prefix(24))
        #expect(productID.count == 24 && productID.allSatisfy(\.isHexDigit))
        #expect(lines.contains("\t\t\t\t\(productID) /* Networking */,"))
        #expect(lines.contains { $0.hasPrefix("\t\t\t\t") && $0.hasSuffix(" /* Networking in Frameworks */,") })
        #expect(lines.contains { $0.hasSuffix(" /* Networking in Frameworks */ = {isa = PBXBuildFile; productRef = \(productID) /* Networking */; };") })
        // Each section stays sorted by identifier, as Xcode keeps it.
        let productSection = lines.filter { $0.hasSuffix("/* Kit */ = {") || $0.hasSuffix("/* Networking */ = {") }
        #expect(productSection.count == 2)
        #expect(productSection.map { $0.dropFirst(2).prefix(24) } == productSection.map { $0.dropFirst(2).prefix(24) }.sorted())
        // Foundation reads what was written.
        let plist = try PropertyListSerialization.propertyList(from: Data(linked.utf8), format: nil) as? [String: Any]
        let objects = try #require(plist?["objects"] as? [String: Any])
        #expect((objects[productID] as? [String: Any])?["productName"] as? String == "Networking")
        // Linking twice changes nothing; unlinking restores the file byte for byte.
        try editor.addProduct("Networking", packagePath: "Packages/Core", to: "App")
        #expect(Self.text(editor) == linked)
        try editor.removeProduct("Networking", from: "App")
        #expect(Self.text(editor) == Self.project)
        // The same edit of the same file gives the same identifiers.
        var again = ProjectFileEditor(bytes: Array(Self.project.utf8))
        try again.addProduct("Networking", packagePath: "Packages/Core", to: "App")
        #expect(Self.text(again) == linked)
    }

    @Test func unlinkingRemovesTheBuildFileAndTheProduct() throws {
        var editor = ProjectFileEditor(bytes: Array(Self.project.utf8))
        try editor.removeProduct("Kit", from: "App")
        let text = Self.text(editor)
        #expect(!text.contains("1A0000000000000000000002"))
        #expect(!text.contains("1A0000000000000000000001"))
        #expect(text.contains("\t\t\tfiles = (\n\t\t\t);"))
        #expect(try PropertyListSerialization.propertyList(from: Data(text.utf8), format: nil) is [String: Any])
    }

    /// Issue 49: two targets listing one Frameworks phase; unlinking a product from one unlinked
    /// it from both. Neither target's phase is edited.
    @Test func aFrameworksPhaseTwoTargetsShareIsLeft() {
        let shared = Self.project.replacingOccurrences(of: "/* End PBXNativeTarget section */", with: """
            \t\t1A0000000000000000000007 /* Tool */ = {
            \t\t\tisa = PBXNativeTarget;
            \t\t\tbuildPhases = (
            \t\t\t\t1A0000000000000000000003 /* Frameworks */,
            \t\t\t);
            \t\t\tname = Tool;
            \t\t\tproductName = Tool;
            \t\t\tproductType = "com.apple.product-type.tool";
            \t\t};
            /* End PBXNativeTarget section */
            """)
        var editor = ProjectFileEditor(bytes: Array(shared.utf8))
        let refusal = ProjectFileEditor.Refusal.shape("target 'App' shares its frameworks build phase with target 'Tool', and an edit would change both")
        #expect(throws: refusal) { try editor.removeProduct("Kit", from: "App") }
        #expect(throws: refusal) { try editor.addProduct("Networking", packagePath: "Packages/Core", packageProducts: ["Kit", "Networking"], to: "App") }
        #expect(Self.text(editor) == shared)
        // An object of a kind the editor does not know listing the phase counts too (the
        // project-editor fuzz oracle's find): what Xcode makes of it is not the editor's to guess.
        let unknown = shared.replacingOccurrences(of: "\t\t1A0000000000000000000007 /* Tool */ = {\n\t\t\tisa = PBXNativeTarget;",
                                                  with: "\t\t1A0000000000000000000007 /* Tool */ = {\n\t\t\tisa = PBXFutureTarget;")
        #expect(unknown != shared)
        var unknownEditor = ProjectFileEditor(bytes: Array(unknown.utf8))
        #expect(throws: refusal) { try unknownEditor.removeProduct("Kit", from: "App") }
    }

    /// Issue 49: a CRLF project got LF lines from `--fix`, and unlinking the last product left
    /// its empty sections. Every line an edit writes ends in the file's own CRLF: the result is
    /// the LF file's, line for line.
    @Test func aCRLFProjectGetsCRLFLines() throws {
        func crlf(_ bytes: [UInt8]) -> [UInt8] { bytes.flatMap { $0 == 10 ? [13, 10] : [$0] } }
        let lf = Array(Self.project.utf8)
        var linkedLF = ProjectFileEditor(bytes: lf), linked = ProjectFileEditor(bytes: crlf(lf))
        try linkedLF.addProduct("Networking", packagePath: "Packages/Core", to: "App")
        try linked.addProduct("Networking", packagePath: "Packages/Core", to: "App")
        #expect(linked.bytes == crlf(linkedLF.bytes))
        // The only product unlinked: its sections go too.
        var unlinkedLF = ProjectFileEditor(bytes: lf), unlinked = ProjectFileEditor(bytes: crlf(lf))
        try unlinkedLF.removeProduct("Kit", from: "App")
        try unlinked.removeProduct("Kit", from: "App")
        #expect(!Self.text(unlinkedLF).contains("PBXBuildFile section"))
        #expect(unlinked.bytes == crlf(unlinkedLF.bytes))
    }

    /// A run of changes reads the file a few times a change (the edited bytes with positions,
    /// and by the check's own reader), each change's readings serving the next; every splice
    /// of a change used to read the whole file again, seven readings a link.
    @Test func aRunOfChangesReadsTheFileTwiceAChange() throws {
        var editor = ProjectFileEditor(bytes: Array(Self.project.utf8))
        var oneByOne: [UInt8] = editor.bytes
        for index in 0..<10 {
            try editor.addProduct("Product\(index)", packagePath: "Packages/Core", to: "App")
            // The same change on a fresh reading of the bytes gives the same bytes.
            var fresh = ProjectFileEditor(bytes: oneByOne)
            try fresh.addProduct("Product\(index)", packagePath: "Packages/Core", to: "App")
            oneByOne = fresh.bytes
        }
        try editor.removeProduct("Product3", from: "App")
        #expect(editor.readings <= 2 + 2 * 11)
        var fresh = ProjectFileEditor(bytes: oneByOne)
        try fresh.removeProduct("Product3", from: "App")
        #expect(editor.bytes == fresh.bytes)
        #expect(try PropertyListSerialization.propertyList(from: Data(editor.bytes), format: nil) is [String: Any])
    }

    @Test(arguments: [
        ("Kit", "Elsewhere", "App", ProjectFileEditor.Refusal.noPackageReference("Elsewhere")),
        ("Kit", "Packages/Core", "Widget", .noTarget("Widget")),
    ])
    func whatItCannotReadExactlyItLeaves(_ product: String, _ path: String, _ target: String, expected: ProjectFileEditor.Refusal) {
        var editor = ProjectFileEditor(bytes: Array(Self.project.utf8))
        #expect(throws: expected) { try editor.addProduct(product, packagePath: path, to: target) }
        #expect(Self.text(editor) == Self.project)
    }
}

/// A project from before Xcode 15: the local package is a folder in its groups and product
/// dependencies name no package; a new one names none either.
@Suite(.tags(.small)) struct FolderPackageProjectEditorTests {
    static let project = ProjectFileEditorTests.project
        .replacingOccurrences(of: "\t\t\tpackage = 1A0000000000000000000005 /* XCLocalSwiftPackageReference \"Packages/Core\" */;\n", with: "")
        .replacingOccurrences(of: "/* Begin XCLocalSwiftPackageReference section */", with: "/* Begin Unused section */")
        .replacingOccurrences(of: "/* End XCLocalSwiftPackageReference section */", with: "/* End Unused section */")

    @Test func aProductOfTheSamePackageIsWrittenWithoutAPackage() throws {
        var editor = ProjectFileEditor(bytes: Array(Self.project.utf8))
        try editor.addProduct("Networking", packagePath: "../Core", packageProducts: ["Kit", "Networking"], to: "App")
        let lines = String(decoding: editor.bytes, as: UTF8.self).components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasSuffix(" /* Networking */ = {") })
        #expect(Array(lines[(start + 1)...(start + 3)]) == ["\t\t\tisa = XCSwiftPackageProductDependency;", "\t\t\tproductName = Networking;", "\t\t};"])
        try editor.removeProduct("Networking", from: "App")
        #expect(String(decoding: editor.bytes, as: UTF8.self) == Self.project)
    }

    @Test func withoutASiblingProductItIsLeft() {
        var editor = ProjectFileEditor(bytes: Array(Self.project.utf8))
        #expect(throws: ProjectFileEditor.Refusal.noPackageReference("../Other")) {
            try editor.addProduct("Other", packagePath: "../Other", packageProducts: ["Other"], to: "App")
        }
        #expect(throws: ProjectFileEditor.Refusal.notAPackageProduct("Widget", target: "App")) { try editor.removeProduct("Widget", from: "App") }
    }
}
