import Foundation
@testable import PackageLoading
import Testing
import TestSupport

/// `dump-package`'s JSON read field by field: every recorded dump reads, and a dump that is not
/// what SwiftPM writes is refused naming the field.
@Suite(.tags(.small)) struct ManifestDumpReadingTests {
    @Test func everyRecordedDumpReads() throws {
        let dumps = try FileManager.default.subpathsOfDirectory(atPath: Fixtures.root).filter { $0.hasSuffix("dump-package.json") }.sorted()
        #expect(dumps.count >= 10)
        for file in dumps {
            let data = try Data(contentsOf: URL(fileURLWithPath: Fixtures.path(file)))
            let dump = try ManifestDump(reading: data)
            #expect(!dump.name.isEmpty, "\(file)")
            #expect(!dump.targets.isEmpty || dump.products.isEmpty, "\(file)")
        }
    }

    @Test func fieldsReadAsWritten() throws {
        let json = #"""
        {"name": "Shop", "toolsVersion": {"_version": "6.0.0"}, "dependencies": [],
         "platforms": [{"platformName": "ios", "version": "17.0"}], "swiftLanguageVersions": null,
         "products": [{"name": "Cart", "targets": ["Cart"], "type": {"library": ["automatic"]}}],
         "targets": [{"name": "Cart", "type": "regular", "path": null, "exclude": ["Notes"],
                      "dependencies": [{"byName": ["Money", null]}],
                      "resources": [{"path": "Assets", "rule": {"process": {}}}],
                      "settings": [{"tool": "swift", "kind": {"define": {"_0": "BETA"}}, "condition": {"platformNames": ["ios"], "config": "debug"}}]}]}
        """#
        let dump = try ManifestDump(reading: Data(json.utf8))
        #expect(dump.name == "Shop")
        #expect(dump.toolsVersionText == "6.0.0")
        #expect(dump.platforms?.map(\.platformName) == ["ios"])
        #expect(dump.swiftLanguageVersions == nil)
        #expect(dump.products.map(\.name) == ["Cart"])
        let target = try #require(dump.targets.first)
        #expect(target.path == nil && target.exclude == ["Notes"] && target.sources == nil)
        #expect(target.resources?.first?.isProcessed == true)
        #expect(target.settings?.first?.condition?.config == "debug")
        #expect(target.settings?.first?.kind["define"] != nil)
        #expect(target.dependencies?.count == 1)
    }

    @Test(arguments: [
        ("[1]", "the dump is not an object"),
        (#"{"name": "P", "targets": [], "dependencies": []}"#, "products is missing"),
        (#"{"name": "P", "targets": [{"name": 3, "type": "regular"}], "products": [], "dependencies": []}"#, "targets[0].name is not a string"),
        (#"{"name": "P", "targets": [{"name": "A", "type": "regular", "settings": [{"tool": "swift"}]}], "products": [], "dependencies": []}"#,
         "targets[0].settings[0].kind is missing"),
        (#"{"name": "P", "targets": [], "products": [{"name": "L", "targets": ["A", 1], "type": null}], "dependencies": []}"#,
         "products[0].targets is not a list of strings"),
        (#"{"name": "P""#, "not JSON: line 1, column 13: the file ends inside an unclosed object; expected ',' or '}'"),
    ])
    func aDumpThatIsNotSwiftPMsIsRefusedNamingTheField(_ json: String, _ reason: String) {
        do {
            _ = try ManifestDump(reading: Data(json.utf8))
            Issue.record("read \(json)")
        } catch {
            #expect(error.description == reason)
        }
    }
}
