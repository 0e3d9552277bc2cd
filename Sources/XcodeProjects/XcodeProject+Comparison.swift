import Diagnostics
import Formats
import Foundation
import Selection

extension XcodeProject {
    /// The project in the shape of `dump-package` output (`name`, `targets` with a `name` each,
    /// `dependencies` as `fileSystem`/`sourceControl` entries), so that a changed
    /// `project.pbxproj` is compared target by target by the same comparison as a changed
    /// manifest: a target whose sources, products, dependencies, host or settings changed is
    /// affected, and only it. Paths are relative to the folder holding the `.xcodeproj`, so a
    /// base version read elsewhere compares equal.
    package func comparableSummary() -> Data {
        let folder = PathArithmetic.parent(path)
        var packages: [String: Any] = [:]
        let targetEntries: [[String: Any]] = targets.map { target in
            var products: [String] = []
            for product in target.packageProducts + target.linkedProducts {
                switch product.package {
                case .local(let relativePath)?:
                    products.append("\(relativePath)#\(product.productName)")
                    packages["local:" + relativePath] = ["fileSystem": [["identity": PathArithmetic.lastComponent(relativePath).lowercased(), "path": relativePath]]]
                case .remote(let url, let requirement)?:
                    products.append("\(url)#\(product.productName)")
                    packages["remote:" + url] = ["sourceControl": [["identity": url, "location": url, "requirement": requirement]]]
                case nil:
                    products.append(product.productName)
                }
            }
            var entry: [String: Any] = [
                "name": target.name,
                "type": target.productType.name,
                "module": target.moduleName,
                "sources": target.sources.map { PathArithmetic.relative($0, to: folder) },
                "packageProducts": products.sorted(),
                // Frameworks-phase links and other projects' targets are dependencies too.
                "dependencies": (target.targetDependencies + target.linkedTargets
                    + target.otherProjectTargets.map { PathArithmetic.relative($0.project, to: folder) + "#" + $0.name }).sorted(),
                // Every resolved setting, per configuration: project-level ones are in every
                // target's, so a change there affects every target, one on a target only it.
                // (Its compilation conditions are among them, and named there.)
                ManifestComparison.buildSettingsKey: target.buildSettings,
                "ownedFiles": target.ownedFiles.map { PathArithmetic.relative($0, to: folder) },
                "configurationFiles": target.configurationFiles.map { PathArithmetic.relative($0, to: folder) },
            ]
            if let host = target.testHost { entry["testHost"] = host }
            return entry
        }
        let summary: [String: Any] = [
            "name": name,
            "targets": targetEntries,
            "dependencies": packages.keys.sorted().compactMap { packages[$0] },
        ]
        return (try? JSONSerialization.data(withJSONObject: summary, options: [.sortedKeys])) ?? Data("{}".utf8)
    }
}
