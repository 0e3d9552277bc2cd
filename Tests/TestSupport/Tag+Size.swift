import Testing

/// The three sizes of test (STYLE 17), one tag on every suite, so a reader knows what a suite
/// costs and tools that filter by tag (Xcode's test navigator, `swift test --list-tests`) can pick
/// a fast subset. On the command line, `swift test --skip EndToEndTests` drops the large ones.
extension Tag {
    /// Pure modules in-process: no processes, no toolchain, no files beyond fixtures read.
    @Tag package static var small: Self
    /// Commands in-process, or tests that launch `swift package` or another tool on fixtures.
    @Tag package static var medium: Self
    /// The built `bulkhead` binary run as a process, end to end.
    @Tag package static var large: Self
}
