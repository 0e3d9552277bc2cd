import TestSupport
import Testing
@testable import Formats

/// `?` is one character however many bytes it takes, and matching stays iterative and
/// polynomial however the pattern is built.
@Suite(.tags(.small)) struct GlobMatchingTests {
    @Test(arguments: [
        // `?` is one Character: a precomposed é (2 bytes), a flag emoji (8 bytes), a family emoji.
        ("Sources/Caf?", "Sources/Café", true),
        ("Sources/Caf??", "Sources/Café", false),
        ("Sources/?-Kit", "Sources/🇫🇷-Kit", true),
        ("Sources/?-Kit", "Sources/👨‍👩‍👧-Kit", true),
        ("Sources/??-Kit", "Sources/👨‍👩‍👧-Kit", false),
        ("Sources/*é*", "Sources/Résumé", true),
        ("Sources/R?sum?", "Sources/Résumé", true),
        // `*` stays in its component, `**` crosses them, zero or more.
        ("Sources/*/Tests", "Sources/A/Tests", true),
        ("Sources/*/Tests", "Sources/A/B/Tests", false),
        ("Sources/**/Tests", "Sources/Tests", true),
        ("Sources/**/Tests", "Sources/A/B/Tests", true),
        ("Sources/**/Tests", "Sources/A/B/Tests/C", false),
        ("**/A/**/B", "x/A/y/A/z/B", true),
        ("**/A/**/B", "x/A/y/B/z", false),
        ("**", "", true),
        ("*", "", false),
        ("a*b*c", "abc", true),
        ("a*b*c", "aXbYcZ", false),
        ("*.swift", "File.swift", true),
        ("*.swift", "File.swiftx", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func starsAgainstLongNamesNeitherRecurseNorExplode() {
        // The old recursive matcher tried every split for every star: exponential here.
        let pattern = String(repeating: "a*", count: 40) + "b"
        let name = String(repeating: "a", count: 5_000)
        #expect(!Glob("Sources/" + pattern).matches("Sources/" + name))
        #expect(Glob("Sources/" + pattern).matches("Sources/" + name + "b"))
        let deep = Array(repeating: "**", count: 200).joined(separator: "/") + "/x"
        let path = Array(repeating: "d", count: 2_000).joined(separator: "/")
        #expect(!Glob(deep).matches(path))
        #expect(Glob(deep).matches(path + "/x"))
    }

    @Test func parentFoldersMatchForExclusions() {
        #expect(Glob("Sources/**/Legacy").matchesItselfOrParent("Sources/A/Legacy/Old/File.swift"))
        #expect(Glob("Sources/Caf?").matchesItselfOrParent("Sources/Café/File.swift"))
        #expect(!Glob("Sources/Caf?").matchesItselfOrParent("Sources/Cafés/File.swift"))
        #expect(!Glob("").matchesItselfOrParent("Sources"))
    }
}

@Suite(.tags(.small)) struct GlobTests {
    @Test(arguments: [
        ("Sources/Features/*", "Sources/Features/Search", true),
        ("Sources/Features/*", "Sources/Features/Search/Deep", false),
        ("Sources/**", "Sources/Features/Search/Deep", true),
        ("**/Legacy", "Sources/Old/Legacy", true),
        ("Sources/*Feature", "Sources/SearchFeature", true),
        ("Sources/?ore", "Sources/Core", true),
        ("./Sources/Core/", "Sources/Core", true),
        ("Sources/Core", "Sources/CoreKit", false),
    ])
    func matches(pattern: String, path: String, expected: Bool) {
        #expect(Glob(pattern).matches(path) == expected)
    }

    @Test func matchesParentsForExclusions() {
        #expect(Glob("Sources/Legacy").matchesItselfOrParent("Sources/Legacy/Old/File.swift"))
        #expect(!Glob("Sources/Legacy").matchesItselfOrParent("Sources/LegacyKit/File.swift"))
    }
}
