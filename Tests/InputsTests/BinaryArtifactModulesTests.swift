import Foundation
import TestSupport
import Testing
@testable import PackageLoading
import ModuleGraph

/// A binary target's module comes from its artifact: the xcframework's Info.plist, then the
/// framework's Swift module, module map or name.
@Suite(.tags(.small)) struct BinaryArtifactModulesTests {
    /// An xcframework with one library per platform, each a framework whose `Modules` folder
    /// holds `modules` (file name → contents).
    static func xcframework(framework: String, modules: [String: String]) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("bulkhead-binary-\(UUID().uuidString)").path
        let artifact = folder + "/KmpModule.xcframework"
        let libraries = ["ios-arm64", "ios-arm64_x86_64-simulator"]
        for identifier in libraries {
            let modulesFolder = "\(artifact)/\(identifier)/\(framework).framework/Modules"
            try FileManager.default.createDirectory(atPath: modulesFolder, withIntermediateDirectories: true)
            for (name, contents) in modules {
                if name.hasSuffix(".swiftmodule") {
                    try FileManager.default.createDirectory(atPath: modulesFolder + "/" + name, withIntermediateDirectories: true)
                } else {
                    try contents.write(toFile: modulesFolder + "/" + name, atomically: true, encoding: .utf8)
                }
            }
        }
        let plist: [String: Any] = [
            "AvailableLibraries": libraries.map { ["LibraryIdentifier": $0, "LibraryPath": "\(framework).framework", "SupportedPlatform": "ios"] },
            "CFBundlePackageType": "XFWK",
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .xml, options: 0)
        try data.write(to: URL(fileURLWithPath: artifact + "/Info.plist"))
        return artifact
    }

    @Test(arguments: [
        (["shared.swiftmodule": ""], "shared"),
        (["module.modulemap": "framework module shared {\n  umbrella header \"shared.h\"\n  export *\n}\n"], "shared"),
        ([:], "shared"),
    ])
    func theModuleIsReadFromTheArtifactNotTheTargetName(_ modules: [String: String], _ expected: String) throws {
        let artifact = try Self.xcframework(framework: "shared", modules: modules)
        defer { try? FileManager.default.removeItem(atPath: (artifact as NSString).deletingLastPathComponent) }
        #expect(BinaryArtifactModules.moduleNames(inArtifact: artifact) == [expected])
    }

    @Test func anAbsentArtifactNamesNothingSoTheTargetNameStands() {
        #expect(BinaryArtifactModules.moduleNames(inArtifact: Fixtures.path("MissingBinary/Binaries/PaymentSDK.xcframework")).isEmpty)
    }

    /// The fixture's hand-written xcframework, whose framework's module is not its target's name.
    @Test func theFixturesXCFrameworkNamesItsFrameworksModule() {
        #expect(BinaryArtifactModules.moduleNames(inArtifact: Fixtures.path("RenamedBinaryModule/Binaries/PaymentSDK.xcframework")) == ["PaymentKit"])
    }

    /// The artifact is not ours: an `Info.plist` far bigger than any xcframework's is not read,
    /// nor a library path that is more than one folder down.
    @Test func anOversizedPlistOrALibraryPathOutsideItsFolderIsNotRead() throws {
        let artifact = try Self.xcframework(framework: "shared", modules: ["shared.swiftmodule": ""])
        defer { try? FileManager.default.removeItem(atPath: (artifact as NSString).deletingLastPathComponent) }
        let plist = try String(contentsOfFile: artifact + "/Info.plist", encoding: .utf8)
        let padded = plist.replacingOccurrences(of: "<dict>", with: "<dict>" + String(repeating: " ", count: BinaryArtifactModules.maximumFileBytes))
        try padded.write(toFile: artifact + "/Info.plist", atomically: true, encoding: .utf8)
        #expect(BinaryArtifactModules.moduleNames(inArtifact: artifact).isEmpty)
        let nested = plist.replacingOccurrences(of: "<string>shared.framework</string>", with: "<string>ios-arm64/shared.framework</string>")
        try nested.write(toFile: artifact + "/Info.plist", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: artifact + "/ios-arm64/ios-arm64/shared.framework/Modules/shared.swiftmodule", withIntermediateDirectories: true)
        #expect(BinaryArtifactModules.moduleNames(inArtifact: artifact).isEmpty)
    }

    /// Without a checkout, a product's module is its name as SwiftPM spells a module: an import
    /// can only name an identifier.
    @Test func aGuessedProductsModuleIsItsC99Name() {
        #expect(ExternalProduct.guessed(name: "UITextView+Placeholder", package: "p").modules == ["UITextView_Placeholder"])
        #expect(ExternalProduct.guessed(name: "Kingfisher", package: "kingfisher").modules == ["Kingfisher"])
    }

    /// A binary target's module comes from its artifact when it can be read; without it (here
    /// its Info.plist is gone: an absent folder sends the load to `describe`, which the
    /// recordings answer only for the fixture as it is), the target's name stands only as a guess.
    @Test func aBinaryTargetWithoutItsArtifactHasAGuessedModule() throws {
        let present = try PackageGraphLoader(describer: RecordedPackageDescriber(root: Fixtures.path("RenamedBinaryModule"))).load(at: Fixtures.path("RenamedBinaryModule"))
        let binary = try #require(present.graph.targets(named: "PaymentSDK").first)
        #expect(binary.moduleName == "PaymentKit" && !binary.isModuleGuessed)
        let copy = try Fixtures.copy("RenamedBinaryModule")
        defer { try? FileManager.default.removeItem(atPath: (copy as NSString).deletingLastPathComponent) }
        try FileManager.default.removeItem(atPath: copy + "/Binaries/PaymentSDK.xcframework/Info.plist")
        let absent = try PackageGraphLoader(describer: RecordedPackageDescriber(root: copy, recordings: Fixtures.path("RenamedBinaryModule") + "/.toolchain")).load(at: copy)
        let guessed = try #require(absent.graph.targets(named: "PaymentSDK").first)
        #expect(guessed.moduleName == "PaymentSDK" && guessed.isModuleGuessed)
    }

    @Test func aModuleMapDeclaresItsFrameworkModule() {
        #expect(BinaryArtifactModules.frameworkModuleName(in: Data("framework module Core{ }".utf8)) == "Core")
        #expect(BinaryArtifactModules.frameworkModuleName(in: Data("module Core {}".utf8)) == nil)
    }
}
