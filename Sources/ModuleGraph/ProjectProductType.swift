/// What a native target of an Xcode project builds, by its `productType` identifier
/// (`com.apple.product-type.application`, …). Project targets also carry a `TargetKind` in
/// SwiftPM's terms (an app is an executable, a test bundle a test), so rules that ask about
/// kinds treat them like package targets; this says what Xcode makes of them, which `affected`
/// (test hosts) and people reading the graph need.
///
/// Only frameworks and libraries produce a module another target imports; an app's module is
/// imported only with `@testable` by the tests it hosts. Everything else (extensions, bundles,
/// XPC services, sticker packs, watch apps, test bundles, tools, aggregate targets) is a product
/// of its own that a dependant embeds or runs, or a step it waits for, never a module it imports.
package enum ProjectProductType: Sendable, Hashable, Comparable {
    case application
    case appExtension
    case framework
    case staticLibrary
    case dynamicLibrary
    case unitTestBundle
    case uiTestBundle
    /// A plain bundle (`com.apple.product-type.bundle`: a tool's resource bundle, a plug-in).
    case bundle
    /// A system, driver or kernel extension.
    case systemExtension
    case xpcService
    /// An iMessage sticker pack: an extension with no code.
    case stickerPack
    /// A watchOS app (or its container), embedded in the iOS app.
    case watchApp
    /// A command-line tool.
    case tool
    /// An aggregate or legacy target (`PBXAggregateTarget`, `PBXLegacyTarget`): scripts or an
    /// external build tool, run for their effects; it compiles nothing of its own.
    case aggregate
    /// Any other product type, by its identifier.
    case other(String)

    package init(identifier: String) {
        let prefix = "com.apple.product-type."
        let short = identifier.hasPrefix(prefix) ? String(identifier.dropFirst(prefix.count)) : identifier
        switch short {
        case "application", "application.on-demand-install-capable", "application.messages": self = .application
        case "application.watchapp", "application.watchapp2", "application.watchapp2-container": self = .watchApp
        case "app-extension", "extensionkit-extension", "watchkit-extension", "watchkit2-extension", "tv-app-extension",
             "app-extension.messages", "app-extension.intents-service":
            self = .appExtension
        case "app-extension.messages-sticker-pack": self = .stickerPack
        case "framework", "framework.static": self = .framework
        case "library.static": self = .staticLibrary
        case "library.dynamic": self = .dynamicLibrary
        case "bundle.unit-test", "bundle.ocunit-test": self = .unitTestBundle
        case "bundle.ui-testing": self = .uiTestBundle
        case "bundle", "in-app-purchase-content", "instruments-package", "metal-library", "xcode.extension", "xcode.plugin":
            self = .bundle
        case "system-extension", "driver-extension", "kernel-extension", "kernel-extension.iokit": self = .systemExtension
        case "xpc-service": self = .xpcService
        case "tool": self = .tool
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
        case .dynamicLibrary: "dynamic-library"
        case .unitTestBundle: "unit-test"
        case .uiTestBundle: "ui-test"
        case .bundle: "bundle"
        case .systemExtension: "system-extension"
        case .xpcService: "xpc-service"
        case .stickerPack: "sticker-pack"
        case .watchApp: "watch-app"
        case .tool: "tool"
        case .aggregate: "aggregate"
        case .other(let identifier): identifier
        }
    }

    /// Frameworks and libraries: their module is what other targets import and link.
    package var isLibrary: Bool {
        switch self {
        case .framework, .staticLibrary, .dynamicLibrary: true
        default: false
        }
    }

    /// Whether the product has a module an `import` can name: a library's, or an app's, which
    /// the tests it hosts import with `@testable`. Extensions, bundles and the rest are not.
    package var producesModule: Bool {
        isLibrary || self == .application
    }

    /// The kind rules see: apps, extensions and other products of their own are executables (a
    /// process, a composition root), frameworks and libraries are libraries, test bundles are
    /// tests.
    package var targetKind: TargetKind {
        switch self {
        case .framework, .staticLibrary, .dynamicLibrary: .library
        case .unitTestBundle, .uiTestBundle: .test
        case .application, .appExtension, .bundle, .systemExtension, .xpcService, .stickerPack, .watchApp, .tool, .aggregate: .executable
        case .other(let identifier): identifier.contains("test") ? .test : .executable
        }
    }

    /// The product types with a short name, for configuration that names them.
    package static let named: [ProjectProductType] = [
        .application, .appExtension, .framework, .staticLibrary, .dynamicLibrary, .unitTestBundle, .uiTestBundle,
        .bundle, .systemExtension, .xpcService, .stickerPack, .watchApp, .tool, .aggregate,
    ]

    package static func < (lhs: ProjectProductType, rhs: ProjectProductType) -> Bool { lhs.name < rhs.name }
}
