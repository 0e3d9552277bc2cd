/// `--configuration debug|release`: debug builds define `DEBUG`, as SwiftPM and Xcode do.
package enum BuildConfiguration: String, Sendable, Hashable, CaseIterable, Comparable {
    case debug, release

    package static func < (lhs: BuildConfiguration, rhs: BuildConfiguration) -> Bool {
        lhs == .debug && rhs == .release
    }
}
