import Diagnostics
import Formats
import Foundation
import ModuleGraph

/// The Xcode projects of a repository, read before its packages are loaded: the projects found
/// below the root and those its workspaces list, the local packages they reference (to load
/// with the others), and each project's `Package.resolved` pins.
struct ProjectLoading {
    var projects: [XcodeProject]
    /// Folders of local packages the projects or workspaces reference, absolute, holding a
    /// `Package.swift`.
    var localPackageFolders: [String]
    var pins: [String: ResolvedPins]

    static let none = ProjectLoading(projects: [], localPackageFolders: [], pins: [:])

    /// Reads the projects discovery found, and those its workspaces list.
    static func read(_ found: PackageDiscovery.Result, shownRelativeTo base: String) throws(InputError) -> ProjectLoading {
        var paths = Set(found.projects)
        var packageFolders: Set<String> = []
        for workspace in found.workspaces {
            guard let contents = XcodeWorkspaceReader.read(workspaceAt: workspace) else { continue }
            paths.formUnion(contents.projects.filter { FileSystem.isRegularFile($0 + "/project.pbxproj") })
            packageFolders.formUnion(contents.packages)
        }
        var projects: [XcodeProject] = []
        var pins: [String: ResolvedPins] = [:]
        for path in paths.sorted() {
            do {
                projects.append(try XcodeProjectReader.read(projectAt: path, shownAs: FileSystem.relativePath(path + "/project.pbxproj", to: base)))
            } catch {
                throw .xcodeProject(error)
            }
            pins[path] = ResolvedPins.read(inPackageAt: path + "/project.xcworkspace/xcshareddata/swiftpm")
            let folder = PathArithmetic.parent(path)
            packageFolders.formUnion(projects[projects.count - 1].referencedPackageFolders)
            for target in projects[projects.count - 1].targets {
                for product in target.packageProducts {
                    guard case .local(let relativePath)? = product.package else { continue }
                    let packageFolder = PathArithmetic.absolute(relativePath, relativeTo: folder)
                    if FileSystem.isRegularFile(packageFolder + "/Package.swift") { packageFolders.insert(packageFolder) }
                }
            }
        }
        return ProjectLoading(projects: projects, localPackageFolders: packageFolders.sorted(), pins: pins)
    }

    /// `graph` (the loaded packages) with the projects' nodes, targets and remote products added.
    func join(_ graph: ModuleGraph, packageFolders: [String], identityOf: (String) -> String?, root: String)
        -> (graph: ModuleGraph, warnings: [String], projects: [String: XcodeProject]) {
        var identities: [String: String] = [:]
        for folder in packageFolders { if let identity = identityOf(folder) { identities[folder] = identity } }
        var owners: [String: [String]] = [:]
        for package in graph.packages where package.isLocal {
            for product in package.products { owners[product.name, default: []].append(package.identity) }
        }
        let assembler = ProjectAssembler(root: root, packageIdentities: identities, localProductOwners: owners.mapValues { $0.sorted() })
        let assembled = assembler.assemble(projects, pins: pins)
        let known = Set(graph.packages.map(\.identity))
        let knownExternals = Set(graph.externalProducts.map { "\($0.package)/\($0.name)" })
        let joined = ModuleGraph(
            packages: graph.packages + assembled.packages.filter { !known.contains($0.identity) },
            targets: graph.targets + assembled.targets,
            externalProducts: graph.externalProducts + assembled.externalProducts.filter { !knownExternals.contains("\($0.package)/\($0.name)") })
        let identityByPath = assembler.identities(of: projects)
        var byIdentity: [String: XcodeProject] = [:]
        for project in projects { if let identity = identityByPath[project.path] { byIdentity[identity] = project } }
        return (joined, assembled.warnings.sorted(), byIdentity)
    }
}
