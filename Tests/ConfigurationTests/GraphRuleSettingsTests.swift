import Configuration
import Foundation
import TestSupport
import Testing

/// `testing: { targets }` and `products: { allowLinkage }` in bulkhead.json, for the graph rules:
/// read as written, defaults kept when absent, every mistake named with its key path.
@Suite(.tags(.small)) struct GraphRuleSettingsTests {
    func parse(_ text: String) -> Result<Configuration, ConfigurationProblems> {
        ConfigurationParser.parse(Data(text.utf8), knownRules: [])
    }

    @Test func readsTestingPatternsAndAllowedLinkage() throws {
        let configuration = try parse(#"{ testing: { targets: ["*Fakes", "Fixtures"] }, products: { allowLinkage: ["PartnerSDK"] } }"#).get()
        #expect(configuration.testingTargets == ["*Fakes", "Fixtures"])
        #expect(configuration.allowedLinkage == ["PartnerSDK"])
        #expect(configuration.isTestingName("NetworkFakes") && !configuration.isTestingName("SearchTesting"))
    }

    @Test func theDefaultsNameTheConventionalTestSupport() throws {
        let configuration = try parse("{}").get()
        #expect(configuration.allowedLinkage.isEmpty)
        for name in ["SearchTesting", "NetworkTestSupport", "APIMocks"] { #expect(configuration.isTestingName(name), "\(name)") }
        for name in ["Search", "TestingKit", "MocksUI"] { #expect(!configuration.isTestingName(name), "\(name)") }
    }

    @Test(arguments: [
        (#"{ testing: { target: ["*Fakes"] } }"#, "testing.target: unknown key 'target'; did you mean 'targets'?"),
        (#"{ testing: ["*Fakes"] }"#, #"testing: expected an object such as { targets: ["*Testing", "*Fakes"] }, found a list"#),
        (#"{ products: { allowLinkage: [1] } }"#, "products.allowLinkage[0]: expected a string, found a number"),
        (#"{ product: {} }"#, "product: unknown key 'product'; did you mean 'products'?"),
    ])
    func namesEachMistake(text: String, problem: String) {
        guard case .failure(let problems) = parse(text) else {
            Issue.record("\(text) was accepted")
            return
        }
        #expect(problems.problems.map(\.description) == [problem])
    }
}
