import Testing

/// The three sizes of test (STYLE 17), one tag on every suite, so a reader knows what a suite
/// costs and tools that filter by tag (Xcode's test navigator) can pick a fast subset. This
/// toolchain's `swift test --filter` matches names, not tags, so on the command line the large
/// tests are dropped by target: `swift test --skip EndToEndTests`.
extension Tag {
    /// Pure modules in-process: no processes, no toolchain.
    @Tag package static var small: Self
    /// Commands in-process, or tests that launch `swift package` or another tool on fixtures.
    @Tag package static var medium: Self
    /// The built `bulkhead` binary run as a process, end to end.
    @Tag package static var large: Self
}
