/// What a native target of an Xcode project builds, by its `productType` identifier
/// (`com.apple.product-type.application`, …). Project targets also carry a `TargetKind` in
/// SwiftPM's terms (an app is an executable, a test bundle a test), so rules that ask about
/// kinds treat them like package targets; this says what Xcode makes of them, which `affected`
/// (test hosts) and people reading the graph need.
package enum ProjectProductType: Sendable, Hashable, Comparable {
    case application
    case appExtension
    case framework
    case staticLibrary
    case unitTestBundle
    case uiTestBundle
    /// Any other product type, by its identifier (`com.apple.product-type.tool`, a watch app…).
    case other(String)

    package init(identifier: String) {
        switch identifier {
        case "com.apple.product-type.application", "com.apple.product-type.application.on-demand-install-capable",
             "com.apple.product-type.application.watchapp2", "com.apple.product-type.application.watchapp2-container":
            self = .application
        case "com.apple.product-type.app-extension", "com.apple.product-type.extensionkit-extension",
             "com.apple.product-type.watchkit2-extension", "com.apple.product-type.app-extension.messages":
            self = .appExtension
        case "com.apple.product-type.framework", "com.apple.product-type.framework.static": self = .framework
        case "com.apple.product-type.library.static", "com.apple.product-type.library.dynamic": self = .staticLibrary
        case "com.apple.product-type.bundle.unit-test": self = .unitTestBundle
        case "com.apple.product-type.bundle.ui-testing": self = .uiTestBundle
        default: self = .other(identifier)
        }
    }

    /// The short name shown in reports and graph JSON: `application`, `app-extension`, …
    package var name: String {
        switch self {
        case .application: "application"
        case .appExtension: "app-extension"
        case .framework: "framework"
        case .staticLibrary: "static-library"
        case .unitTestBundle: "unit-test"
        case .uiTestBundle: "ui-test"
        case .other(let identifier): identifier
        }
    }

    /// The kind rules see: apps and extensions are executables (their own process, a
    /// composition root), frameworks and libraries are libraries, test bundles are tests.
    package var targetKind: TargetKind {
        switch self {
        case .application, .appExtension: .executable
        case .framework, .staticLibrary: .library
        case .unitTestBundle, .uiTestBundle: .test
        case .other(let identifier): identifier.contains("test") ? .test : .executable
        }
    }

    /// The product types with a short name, for configuration that names them.
    package static let named: [ProjectProductType] = [.application, .appExtension, .framework, .staticLibrary, .unitTestBundle, .uiTestBundle]

    package static func < (lhs: ProjectProductType, rhs: ProjectProductType) -> Bool { lhs.name < rhs.name }
}
