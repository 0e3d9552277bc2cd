import Formats
import TestSupport
import Testing

/// Paths as messages show them: relative to the root, with `.` and `..` resolved.
@Suite(.tags(.small)) struct PathArithmeticTests {
    @Test(arguments: [
        ("/repo/iOS/./Core/File.swift", "/repo", "iOS/Core/File.swift"),
        ("/repo/iOS/../Core/File.swift", "/repo", "Core/File.swift"),
        ("/repo//iOS/Core/", "/repo", "iOS/Core"),
        ("/repo/iOS/Core", "/repo/./iOS", "Core"),
        ("/repo/Shared/./Kit", "/repo/App", "../Shared/Kit"),
        ("/repo/App", "/repo/App", "."),
        ("/repo/App/Sources/A.swift", "/repo/App", "Sources/A.swift"),
    ])
    func aRelativePathHasNoDotComponents(_ path: String, _ base: String, _ expected: String) {
        #expect(PathArithmetic.relative(path, to: base) == expected)
    }
}
