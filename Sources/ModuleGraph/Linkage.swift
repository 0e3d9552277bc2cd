/// How a library's code reaches the binaries that use it.
package enum Linkage: String, Sendable, Hashable, Codable {
    /// Copied into every image that links it: a package target (its products `automatic` or
    /// `.static`), a static library, a static framework.
    case `static`
    /// A binary image of its own, which the images that link it load at run time: a dynamic
    /// framework or library, a mergeable library (merged into its app, still one copy), a
    /// `.dynamic` package product.
    case dynamic

    /// The linkage `MACH_O_TYPE` gives a framework or library of an Xcode project; nil for a
    /// value that makes no library (`mh_execute`, `mh_bundle`, `mh_object`) or none at all.
    package init?(machOType: String) {
        switch machOType {
        case "staticlib": self = .static
        case "mh_dylib": self = .dynamic
        default: return nil
        }
    }
}
