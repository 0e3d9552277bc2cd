import Diagnostics

/// `describe-fallback`: `swift package describe` failed for a manifest that dump-package reads,
/// so its targets were laid out by SwiftPM's default paths instead of the toolchain's answer.
package enum DescribeFallback {
    package static let entry = DiagnosticCode(
        id: "describe-fallback", family: .configuration,
        summary: "A package was laid out from its manifest by SwiftPM's default paths; describe failed.",
        explanation: """
        Bulkhead asks the toolchain twice about a package: `swift package dump-package` for what \\
        the manifest declares and `swift package describe` for where each target's sources are. \\
        When describe fails (a dependency not resolved, a target folder missing, a toolchain \\
        quirk) but dump-package answers, the targets are placed by SwiftPM's default layout \\
        (Sources/NAME, Tests/NAME, or the path the manifest gives), which is right for most \\
        packages; the warning quotes describe's reason. Run `swift package describe` in that \\
        folder to see the failure; resolving the package usually fixes it. It goes to standard \\
        error and does not change the exit status.
        """,
        defaultSeverity: .warning)
}
