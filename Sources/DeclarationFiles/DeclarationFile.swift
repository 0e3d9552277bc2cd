import ImportScanning

/// The file that declares a unit's targets and their dependencies — a package's `Package.swift`,
/// a project's `project.pbxproj` — as rules, fixes, suppressions and `affected` need it: where a
/// target, a dependency or a product is written, which `// bulkhead:` directives it holds, and an
/// exact edit of one target's dependencies.
///
/// Callers ask this protocol and never which kind of file they hold; the kind is chosen once per
/// file, by `DeclarationFileKinds`. A new kind (an XcodeGen `project.yml`, a Tuist manifest) is
/// one new conforming type and one entry in that list.
package protocol DeclarationFile: Sendable {
    /// Whether a file of this kind has this name (`Package.swift`, `project.pbxproj`): the one
    /// place a file's kind is told from its name.
    static func isDeclarationFile(named fileName: String) -> Bool

    /// What such a file is to the unit it declares, for messages: "the manifest of package
    /// 'Travel'", "the project file of 'TravelApp'".
    static func role(inUnit unit: String) -> String

    /// What went wrong with a unit such a file declares that could not be loaded, shown by its
    /// folder: "the package in Kit could not be loaded", "the project App could not be read".
    static func unloadable(folder: String) -> String

    /// Reads `bytes` as the file at `path` (relative to the root). Never fails: what cannot be
    /// read is placed at the first line and refused for edits.
    init(path: String, bytes: [UInt8])

    /// Relative to the root.
    var path: String { get }
    /// The file as it is now: as read, or after the edits applied so far.
    var bytes: [UInt8] { get }

    /// Where `target` is declared; the first line when it cannot be told.
    func place(ofTarget target: String) -> FilePlace
    /// Where `target` names `dependency`; the target's place when it cannot be told.
    func place(ofDependency dependency: String, inTarget target: String) -> FilePlace
    /// Where the product `product` is declared; the first line when it cannot be told.
    func place(ofProduct product: String) -> FilePlace
    /// Where the unit itself is declared (a manifest's `Package(name:)`), for findings about the
    /// whole unit, such as one that could not be loaded; the first line when it cannot be told.
    var placeOfUnit: FilePlace { get }

    /// The file's `// bulkhead:` comments, or nil when the format has no comments Bulkhead reads
    /// (a project file is written by Xcode, which drops any it is given).
    var directives: [CommentDirective]? { get }

    /// Applies `change` to `target`'s dependencies exactly, or leaves the file unchanged and says
    /// why not.
    mutating func apply(_ change: DependencyChange, to target: String) throws(DeclarationEditRefusal)
}

extension DeclarationFile {
    /// A unit is a package unless its kind says otherwise.
    package static func unloadable(folder: String) -> String {
        folder == "." ? "the package at the root could not be loaded" : "the package in \(folder) could not be loaded"
    }
}

extension DeclarationFile {
    package var placeOfUnit: FilePlace { .firstLine }
}

/// A line and a column of a declaration file, both from 1.
package struct FilePlace: Sendable, Hashable {
    package var line: Int
    package var column: Int

    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    package static let firstLine = FilePlace(line: 1, column: 1)
}

/// One change to one target's dependencies, in the terms of the graph; each kind of file spells
/// it in its own way.
package enum DependencyChange: Sendable, Hashable {
    /// Depend on `name`: a target of the same unit (`product` nil), or a product of another
    /// package. `manifestSpelling` is how a Swift manifest names it (`"Storage"`,
    /// `.product(name: "X", package: "y")`), which the findings already show.
    case add(name: String, manifestSpelling: String, product: ProductSource?)
    /// Stop depending on `name`.
    case remove(name: String)
    /// Remove one of several elements that name `name`, the same dependency declared twice
    /// over; it stays a dependency.
    case removeDuplicate(name: String)
}

/// The package a product to depend on comes from, as far as an edit needs to know it.
package struct ProductSource: Sendable, Hashable {
    /// The package's identity.
    package var package: String
    /// Whether the unit being edited already declares the package (a manifest's
    /// `dependencies:`, a project's package reference): an edit never adds one.
    package var isDeclaredByUnit: Bool
    /// The package's folder relative to the root; nil for a remote package.
    package var folder: String?
    /// The names of the package's products.
    package var products: Set<String>

    package init(package: String, isDeclaredByUnit: Bool, folder: String?, products: Set<String>) {
        self.package = package
        self.isDeclaredByUnit = isDeclaredByUnit
        self.folder = folder
        self.products = products
    }
}

/// Why a change was not applied, in words for the person who must make it by hand.
package struct DeclarationEditRefusal: Error, Sendable, Equatable {
    package var reason: String

    package init(_ reason: String) {
        self.reason = reason
    }
}
