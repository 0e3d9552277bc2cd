import Formats
import Selection

extension XcodeProject {
    /// The project as `affected` compares it (`ProjectSummary`): a target whose sources,
    /// products, dependencies, host or settings changed is affected, and only it. Paths are
    /// relative to the folder holding the `.xcodeproj`, so a base version read elsewhere
    /// compares equal.
    package func summary() -> ProjectSummary {
        let folder = PathArithmetic.parent(path)
        // By kind and location, so the last of two with one identity is the same on both sides.
        var packages: [String: ProjectSummary.Package] = [:]
        let targets = targets.map { target in
            var products: [String] = []
            for product in target.packageProducts + target.linkedProducts {
                switch product.package {
                case .local(let relativePath)?:
                    products.append("\(relativePath)#\(product.productName)")
                    packages["local:" + relativePath] = .init(identity: PathArithmetic.lastComponent(relativePath).lowercased(), source: .fileSystem(path: relativePath))
                case .remote(let url, let requirement)?:
                    products.append("\(url)#\(product.productName)")
                    packages["remote:" + url] = .init(identity: url, source: .sourceControl(location: url, requirement: requirement))
                case nil:
                    products.append(product.productName)
                }
            }
            return ProjectSummary.Target(
                name: target.name, type: target.productType.name, module: target.moduleName,
                sources: target.sources.map { PathArithmetic.relative($0, to: folder) },
                packageProducts: products.sorted(),
                // Frameworks-phase links and other projects' targets are dependencies too.
                dependencies: (target.targetDependencies + target.linkedTargets
                    + target.otherProjectTargets.map { PathArithmetic.relative($0.project, to: folder) + "#" + $0.name }).sorted(),
                // Its compilation conditions are among its settings, and named there.
                buildSettings: target.buildSettings,
                ownedFiles: target.ownedFiles.map { PathArithmetic.relative($0, to: folder) },
                configurationFiles: target.configurationFiles.map { PathArithmetic.relative($0, to: folder) },
                testHost: target.testHost)
        }
        return ProjectSummary(name: name, targets: targets, packages: packages.keys.sorted().compactMap { packages[$0] })
    }
}
