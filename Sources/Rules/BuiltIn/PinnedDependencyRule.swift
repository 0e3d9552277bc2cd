import Configuration
import Diagnostics
import ModuleGraph

/// `pinned-dependency`: a remote package required more loosely than the configured policy, or
/// a root package (or Xcode project) whose `Package.resolved` is missing, lacks a pin, or pins a
/// version the manifest does not accept.
struct PinnedDependencyRule: Rule {
    static let description = RuleDescription(
        id: "pinned-dependency",
        summary: "A remote package is not pinned as the policy says, or Package.resolved is missing or disagrees.",
        rationale: """
        With exact: requirements and a committed Package.resolved the resolver has nothing to \
        choose: every machine and CI job builds the same versions, resolution is fast, and a \
        version bump is a reviewed line. A from: requirement lets an update slip in with a branch \
        switch; a Package.resolved that disagrees with the manifest is resolved again anyway.
        """,
        defaultSeverity: nil,
        triggering: [
            RuleExample("Kingfisher required with from:.", targets: [
                .init("ImageLoading", products: ["↓Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            ], requirements: ["kingfisher": "range: 8.1.0..<9.0.0"], resolved: .pins(["kingfisher": "8.1.3"])),
            RuleExample("Package.resolved pins another version than the exact one required.", targets: [
                .init("ImageLoading", products: ["↓Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            ], requirements: ["kingfisher": "exact: 8.13.0"], resolved: .pins(["kingfisher": "8.12.0"])),
            RuleExample("No Package.resolved is committed.", targets: [
                .init("ImageLoading", products: ["↓Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            ], requirements: ["kingfisher": "exact: 8.13.0"], resolved: .missing),
        ],
        nonTriggering: [
            RuleExample("exact: and a Package.resolved pinning that version.", targets: [
                .init("ImageLoading", products: ["Kingfisher@kingfisher"], source: ["import Kingfisher"]),
            ], requirements: ["kingfisher": "exact: 8.13.0"], resolved: .pins(["kingfisher": "8.13.0"])),
        ])

    func findings(in input: CheckInput, severity: Severity) -> [Finding] {
        let graph = input.graph
        let policy = input.configuration.pinPolicy
        var findings: [Finding] = []
        for package in graph.packages where package.isLocal && !package.remoteRequirements.isEmpty {
            let own = graph.targets.filter { $0.id.package == package.identity }
            // Findings need a target to be placed and keyed: the first that uses the remote
            // package, else the package's first; their line is the `.package(url:)` declaration.
            func anchor(for remote: String) -> Target? {
                own.first { target in
                    graph.dependencies(of: target.id).contains { if case .external(let used, _) = $0.node { used == remote } else { false } }
                } ?? own.first
            }
            // A package an Xcode project uses is resolved by the project: its remotes are pinned in
            // the project's Package.resolved (isowords' root package, under App/isowords.xcodeproj).
            let resolver = package.resolvedPins == nil && package.projectPath == nil
                ? graph.packages.first { $0.projectPath != nil && $0.resolvedPins != nil && $0.dependencies.contains(package.identity) }
                : nil
            let pinsOwner = resolver ?? package
            // Only the root and projects resolve for the build; another package's Package.resolved is
            // checked when it has one.
            let resolves = package.localPath == "." || package.projectPath != nil || package.resolvedPins != nil || resolver != nil
            let where_ = pinsOwner.projectPath.map { "\($0)/project.xcworkspace/xcshareddata/swiftpm/Package.resolved" }
                ?? (package.localPath == "." ? "Package.resolved" : "\(package.localPath ?? ".")/Package.resolved")
            for (identity, declared) in package.remoteRequirements.sorted(by: { $0.key < $1.key }) {
                guard let target = anchor(for: identity), !input.isExcluded(target) else { continue }
                let requirement = VersionRequirement(declared.requirement)
                func report(_ message: String, subject: String) {
                    findings.append(Finding(
                        ruleID: Self.description.id, severity: severity, target: target.id, subject: subject,
                        message: message, place: .manifest(dependency: declared.url)))
                }
                let pin = pinsOwner.resolvedPins?[identity]
                if requirement.policy > policy {
                    let suggestion = pin?.version.map { ": write exact: \"\($0)\", the version Package.resolved pins" } ?? ""
                    report("\(identity) is required with \(requirement.spelling), looser than the pins policy '\(policy.rawValue)'\(suggestion)", subject: identity)
                }
                guard resolves else { continue }
                guard let pins = pinsOwner.resolvedPins else {
                    report("\(identity) is not pinned: no \(where_) is committed; run swift package resolve and commit it", subject: "\(identity)@resolved")
                    continue
                }
                guard let pin = pins[identity] else {
                    report("\(identity) has no pin in \(where_); resolve again and commit it", subject: "\(identity)@resolved")
                    continue
                }
                if !requirement.isSatisfied(by: pin) {
                    let pinned = pin.version ?? pin.branch ?? pin.revision ?? "nothing"
                    report("\(identity) is pinned at \(pinned) in \(where_), which \(requirement.spelling) does not accept; resolve again and commit it", subject: "\(identity)@resolved")
                }
            }
        }
        return findings
    }
}
