import ModuleGraph

/// The canary's violation: a product target imports test support unconditionally.
extension TestingImportRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let ground = input.graph.targets.filter { !$0.isTest && !input.configuration.isTestingName($0.name) }
        guard let target = input.canaryOrder(ground).first else { return .noPlace("every target is a test or test-support target") }
        // A module no target provides, named as `testing.targets` names test support; when no
        // pattern takes that name, `@testable`, which the rule refuses whatever the module.
        let module = "CanaryTesting"
        if input.configuration.isTestingName(module) {
            return .planted(.importing(module, in: target, graph: input.graph,
                                       summary: "import \(module) in \(input.canaryLabel(target)), unconditionally"))
        }
        return .planted(.writing(["@testable import Foundation"], in: target, graph: input.graph, subject: "Foundation",
                                 summary: "@testable import Foundation in \(input.canaryLabel(target)), unconditionally"))
    }
}
