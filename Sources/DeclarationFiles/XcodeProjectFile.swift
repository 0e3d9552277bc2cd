import Formats
import ImportScanning

/// An Xcode project's `project.pbxproj`: placed by `ProjectFileLocator`, edited by
/// `ProjectFileEditor`. Only products of local packages the project references are linked or
/// unlinked; a dependency on a target of the same project, or a new package reference, is
/// Xcode's to add. It holds no `// bulkhead:` comments: Xcode rewrites the file and drops them.
package struct XcodeProjectFile: DeclarationFile {
    package let path: String
    package private(set) var bytes: [UInt8]
    /// Read from the bytes as opened; nil once an edit has changed them, when a place is read
    /// from the edited bytes instead. Fixes edit and never ask for places, so they never pay for
    /// locating in the file they are still editing.
    private var openedLocator: ProjectFileLocator?
    /// The editor of the first change, kept for the next: it holds its readings of the bytes it
    /// wrote, so each change does not read the whole project again. Made only when a fix
    /// edits, which a check never does.
    private var editor: ProjectFileEditor?

    package static func isDeclarationFile(named fileName: String) -> Bool { fileName == "project.pbxproj" }

    package static func role(inUnit unit: String) -> String { "the project file of '\(unit)'" }

    package static func unloadable(folder: String) -> String { "the project \(folder) could not be read" }

    package init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        openedLocator = ProjectFileLocator(bytes: bytes)
    }

    private var locator: ProjectFileLocator { openedLocator ?? ProjectFileLocator(bytes: bytes) }

    package func place(ofTarget target: String) -> FilePlace {
        FilePlace(locator.location(ofTarget: target))
    }

    package func place(ofDependency dependency: String, inTarget target: String) -> FilePlace {
        FilePlace(locator.location(ofDependency: dependency, inTarget: target))
    }

    /// A project declares no products of its own: its products are its targets.
    package func place(ofProduct product: String) -> FilePlace {
        FilePlace(locator.location(ofTarget: product))
    }

    package var directives: [CommentDirective]? { nil }

    package mutating func apply(_ change: DependencyChange, to target: String) throws(DeclarationEditRefusal) {
        var editor = self.editor ?? ProjectFileEditor(bytes: bytes)
        // A refused change leaves the editor as it was, readings and all: kept either way.
        defer { self.editor = editor }
        switch change {
        case .add(let name, _, let product):
            let notLocal = DeclarationEditRefusal(ProjectFileEditor.Refusal.shape("linking '\(name)' needs a local package's product").reason)
            guard let product else { throw notLocal }
            guard product.isDeclaredByUnit else {
                throw DeclarationEditRefusal("the project does not reference package '\(product.package)'; add it in Xcode first")
            }
            guard let packageFolder = product.folder else { throw notLocal }
            // The reference spells the package's folder from the folder holding the `.xcodeproj`.
            let relative = PathArithmetic.relative(PathArithmetic.absolute(packageFolder, relativeTo: "/root"),
                                                   to: PathArithmetic.absolute(projectFolder, relativeTo: "/root"))
            do {
                try editor.addProduct(name, packagePath: relative, packageProducts: product.products, to: target)
            } catch {
                throw DeclarationEditRefusal(error.reason)
            }
        case .remove(let name):
            do { try editor.removeProduct(name, from: target) } catch { throw DeclarationEditRefusal(error.reason) }
        case .removeDuplicate:
            // A project's product list also decides what is linked and embedded.
            throw DeclarationEditRefusal("Bulkhead does not remove one of two equal entries of a project file; remove it in Xcode")
        }
        bytes = editor.bytes
        openedLocator = nil
    }

    /// The folder holding the `.xcodeproj`, relative to the root ("." for the root itself).
    private var projectFolder: String {
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        let folder = components.dropLast(2).joined(separator: "/")
        return folder.isEmpty ? "." : folder
    }
}
