import Foundation
import TestSupport
import Testing
@testable import Inputs

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

    @Test func aModuleMapDeclaresItsFrameworkModule() {
        #expect(BinaryArtifactModules.frameworkModuleName(in: Data("framework module Core{ }".utf8)) == "Core")
        #expect(BinaryArtifactModules.frameworkModuleName(in: Data("module Core {}".utf8)) == nil)
    }
}
