import ModuleGraph

/// The canary's violation: a package requires the canary's remote package by branch, or, under
/// the `any` policy that accepts a branch, requires it without a pin.
extension PinnedDependencyRule: CanaryPlanting {
    func plant(in input: CheckInput) -> CanaryPlot {
        let graph = input.graph
        // The rule places a finding at the package's first target when no target uses the remote.
        let firsts = graph.packages.filter(\.isLocal).compactMap { package in graph.targets.first { $0.id.package == package.identity } }
        guard let target = input.canaryOrder(firsts).first else { return .noPlace("no local package has a target") }
        let identity = CanaryPackage.identity
        guard graph.package(target.id.package)?.remoteRequirements[identity] == nil else {
            return .noPlace("the package already requires \(identity)")
        }
        let requirement = "branch: canary"
        let looser = VersionRequirement(requirement).policy > input.configuration.pinPolicy
        let subject = looser ? identity : "\(identity)@resolved"
        let package = target.id.package
        let summary = looser
            ? "a requirement of \(identity) on \(requirement) in package \(package)"
            : "a requirement of \(identity) with no pin in package \(package)'s Package.resolved"
        return .planted(.editing(target: target.id, subject: subject, place: .manifest, summary: summary) { workspace in
            CanaryPlant.editingGraph(&workspace) { packages, _ in
                guard let index = packages.firstIndex(where: { $0.identity == package }) else { return }
                packages[index].remoteRequirements[identity] = RemoteRequirement(url: "https://example.invalid/bulkhead-canary.git", requirement: requirement)
                // Under `any`, only a missing pin is wrong: a Package.resolved without the canary.
                if !looser, packages[index].resolvedPins == nil { packages[index].resolvedPins = [:] }
            }
        })
    }
}
