import Diagnostics
import FileAccess
import Formats
import Foundation
import ModuleGraph
import XcodeProjects

/// The Xcode projects of a repository, read before its packages are loaded: the projects found
/// below the root and those its workspaces list, the local packages they reference (to load
/// with the others), and each project's `Package.resolved` pins.
struct ProjectLoading {
    var projects: [XcodeProject]
    /// Folders of local packages the projects or workspaces reference, absolute, holding a
    /// `Package.swift`.
    var localPackageFolders: [String]
    var pins: [String: ResolvedPins]
    /// `outside-root` warnings: projects, packages and references that lead outside the root.
    var warnings: [LoadWarning] = []
    /// Local package folders a project refers to that lie outside the root, not loaded (the
    /// warning says why, so the assembler does not call them missing).
    var refusedPackageFolders: Set<String> = []
    /// Projects whose file could not be read: findings, while the other projects load.
    var unloadable: [UnloadableUnit] = []

    static let none = ProjectLoading(projects: [], localPackageFolders: [], pins: [:])

    /// Reads the projects discovery found, and those its workspaces list, within `boundary`. A
    /// project that does not read is an `UnloadableUnit` (paths relative to `root`), not the end
    /// of the load.
    static func read(_ found: PackageDiscovery.Result, shownRelativeTo base: String, root: String, boundary: ReadBoundary) -> ProjectLoading {
        var paths = Set(found.projects)
        var packageFolders: Set<String> = []
        var warnings: [LoadWarning] = []
        var refused: Set<String> = []
        var unloadable: [UnloadableUnit] = []
        for workspace in found.workspaces {
            guard let contents = XcodeWorkspaceReader.read(workspaceAt: workspace) else { continue }
            let shown = FileSystem.relativePath(workspace, to: base)
            for project in contents.projects {
                if let real = boundary.refusal(of: project) {
                    warnings.append(OutsideRootWarning.warning(file: shown, reference: "project '\(PathArithmetic.lastComponent(project))'", real: real, boundary: boundary))
                } else if FileSystem.isRegularFile(project + "/project.pbxproj") {
                    paths.insert(project)
                }
            }
            for package in contents.packages {
                if let real = boundary.refusal(of: package) {
                    warnings.append(OutsideRootWarning.warning(file: shown, reference: "package '\(PathArithmetic.lastComponent(package))'", real: real, boundary: boundary))
                } else {
                    packageFolders.insert(package)
                }
            }
        }
        var projects: [XcodeProject] = []
        var pins: [String: ResolvedPins] = [:]
        for path in paths.sorted() {
            let shown = FileSystem.relativePath(path + "/project.pbxproj", to: base)
            do {
                projects.append(try XcodeProjectReader.read(projectAt: path, shownAs: shown, boundary: boundary))
            } catch {
                let folder = FileSystem.relativePath(path, to: root)
                let reason = InputError.xcodeProject(error).message.split(whereSeparator: \.isNewline).joined(separator: " ")
                unloadable.append(UnloadableUnit(
                    declarationPath: folder + "/project.pbxproj", folder: folder, reason: reason,
                    remedy: "fix the project file (open it in Xcode, or restore it from version control), or leave it out with workspace.exclude: [\"\(folder)\"] in bulkhead.json"))
                continue
            }
            pins[path] = ResolvedPins.read(inPackageAt: path + "/project.xcworkspace/xcshareddata/swiftpm")
            let folder = PathArithmetic.parent(path)
            packageFolders.formUnion(projects[projects.count - 1].referencedPackageFolders)
            warnings += projects[projects.count - 1].warnings
            var refusedHere: Set<String> = []
            for target in projects[projects.count - 1].targets {
                for product in target.packageProducts + target.linkedProducts {
                    guard case .local(let relativePath)? = product.package else { continue }
                    let packageFolder = PathArithmetic.absolute(relativePath, relativeTo: folder)
                    if let real = boundary.refusal(of: packageFolder) {
                        if refusedHere.insert(packageFolder).inserted {
                            warnings.append(OutsideRootWarning.warning(file: shown, reference: "local package reference '\(relativePath)'", real: real, boundary: boundary))
                        }
                        continue
                    }
                    if FileSystem.isRegularFile(packageFolder + "/Package.swift") { packageFolders.insert(packageFolder) }
                }
            }
            refused.formUnion(refusedHere)
        }
        return ProjectLoading(projects: projects, localPackageFolders: packageFolders.sorted(), pins: pins,
                              warnings: warnings.sorted(), refusedPackageFolders: refused, unloadable: unloadable)
    }

    /// The remote packages the projects' targets use, by the identity the graph gives them, with
    /// their URLs: their checkouts are looked for where Xcode puts them.
    func remotePackages() -> [(identity: String, url: String)] {
        var found: [String: String] = [:]
        for project in projects {
            for target in project.targets {
                for product in target.packageProducts + target.linkedProducts {
                    guard case .remote(let url, _)? = product.package else { continue }
                    found[ProjectAssembler.remoteIdentity(url, pins: pins[project.path])] = url
                }
            }
        }
        return found.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// `graph` (the loaded packages) with the projects' nodes, targets and remote products added.
    func join(_ graph: ModuleGraph, packageFolders: [String], identityOf: (String) -> String?, root: String,
              checkouts: [String: [String: CheckoutProduct]] = [:])
        -> (graph: ModuleGraph, warnings: [LoadWarning], projects: [String: XcodeProject]) {
        var identities: [String: String] = [:]
        for folder in packageFolders { if let identity = identityOf(folder) { identities[folder] = identity } }
        var owners: [String: [String]] = [:]
        for package in graph.packages where package.isLocal {
            for product in package.products { owners[product.name, default: []].append(package.identity) }
        }
        let assembler = ProjectAssembler(root: root, packageIdentities: identities, localProductOwners: owners.mapValues { $0.sorted() },
                                         refusedPackageFolders: refusedPackageFolders, checkouts: checkouts)
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
