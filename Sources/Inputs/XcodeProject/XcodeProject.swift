import ModuleGraph

/// What Bulkhead needs of an Xcode project, read from its `project.pbxproj`: the native targets
/// with their Swift sources, package products, target dependencies and test hosts, and the
/// packages it references.
package struct XcodeProject: Sendable, Hashable {
    /// The project's name (`TravelApp` for `TravelApp.xcodeproj`).
    package var name: String
    /// The `.xcodeproj` folder, absolute.
    package var path: String
    package var objectVersion: Int?
    /// In the order the project lists them.
    package var targets: [NativeTarget]
    /// Folders holding a `Package.swift` that the project's groups reference as folders (how
    /// Xcode before 15 added a local package), absolute and sorted: their products are what
    /// the targets' package products without a package reference name.
    package var referencedPackageFolders: [String] = []
    /// `outside-root` warnings, sorted: each group, file or synchronized folder that leads
    /// outside the run's root, which is not read (see `ReadBoundary`).
    package var warnings: [String] = []

    /// A package the project depends on: a local folder (relative to the folder holding the
    /// `.xcodeproj`) or a remote repository.
    package enum PackageReference: Sendable, Hashable {
        case local(relativePath: String)
        case remote(url: String, requirement: String)
    }

    /// A product of a package that a target links.
    package struct ProductDependency: Sendable, Hashable {
        package var productName: String
        /// Nil when the dependency names no package (a product of a package the project's
        /// workspace holds).
        package var package: PackageReference?
    }

    package struct NativeTarget: Sendable, Hashable {
        package var name: String
        package var productType: ProjectProductType
        /// What `import` spells: `PRODUCT_MODULE_NAME`, else `PRODUCT_NAME`, else the target's
        /// name, as a c99 identifier.
        package var moduleName: String
        /// The product's name (`PRODUCT_NAME`), which `TEST_HOST` spells.
        package var productName: String
        /// Absolute paths of its Swift sources, sorted: from its Sources build phase and its
        /// synchronized folders minus their exceptions.
        package var sources: [String]
        package var packageProducts: [ProductDependency]
        /// Names of targets of the same project this one depends on.
        package var targetDependencies: [String]
        /// For a test bundle: the target it runs in, by name (from `TEST_TARGET_NAME`, else
        /// `TEST_HOST`, else the only application it depends on).
        package var testHost: String?
        /// `SWIFT_ACTIVE_COMPILATION_CONDITIONS` per build configuration name, without `$(inherited)`.
        package var compilationConditions: [String: [String]]
        /// `SWIFT_VERSION` as written (`5.0`, `6.0`), the target's else the project's; nil when
        /// neither sets it.
        package var swiftVersion: String? = nil
    }
}
