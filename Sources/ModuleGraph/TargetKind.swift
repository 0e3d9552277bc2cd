/// What a target builds, in SwiftPM's terms.
package enum TargetKind: String, Sendable, Hashable, CaseIterable, Codable {
    case library
    case executable
    case test
    case macro
    case plugin
    case binary
    case systemLibrary = "system-library"
    /// A C, C++ or Objective-C library target (SwiftPM's `ClangTarget`).
    case cFamily = "c-family"
    /// A `Snippets/*.swift` file, which SwiftPM builds as an executable that depends on every
    /// library of its package: those dependencies are implicit, so none is "unused".
    case snippet

    /// Kinds whose module can appear in an `import`. Plugins and macros are never imported by
    /// name: macros are used through a declaring library.
    package var isImportable: Bool {
        switch self {
        case .library, .binary, .systemLibrary, .cFamily: true
        case .executable: true  // `@testable import` of an executable target in tests
        case .test, .macro, .plugin, .snippet: false
        }
    }
}
