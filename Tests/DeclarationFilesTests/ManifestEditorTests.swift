import TestSupport
import Testing
@testable import DeclarationFiles

/// `check --fix`'s edits: literal lists in their own style, exact or refused.
@Suite(.tags(.small)) struct ManifestEditorTests {
    enum Edit: Sendable {
        case add(String, to: String)
        case remove(String, from: String)
        case removeDuplicate(String, from: String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: String
        var edit: Edit
        /// Nil when the edit must be refused.
        var after: String?
        /// The refusal expected, when it matters which.
        var refusal: ManifestEditor.Refusal?
        /// Whether `before` and `after` are target declarations to wrap in a package's `targets:`.
        var wrapped: Bool

        init(name: String, before: String, edit: Edit, after: String?, refusal: ManifestEditor.Refusal? = nil, wrapped: Bool = true) {
            self.name = name
            self.before = before
            self.edit = edit
            self.after = after
            self.refusal = refusal
            self.wrapped = wrapped
        }

        var testDescription: String { name }
    }

    /// `declarations` as the `targets:` of a package, the only place the editor edits.
    static func package(_ declarations: String, lineBreak: String = "\n") -> String {
        ["let package = Package(", "    name: \"P\",", "    targets: [", declarations, "    ]", ")", ""].joined(separator: lineBreak)
    }

    static let cases: [Case] = [
        Case(name: "inline list", before: #".target(name: "A", dependencies: ["B"]),"#, edit: .add("\"C\"", to: "A"),
             after: #".target(name: "A", dependencies: ["B", "C"]),"#),
        Case(name: "empty list", before: #".target(name: "A", dependencies: []),"#, edit: .add("\"C\"", to: "A"),
             after: #".target(name: "A", dependencies: ["C"]),"#),
        Case(name: "no dependencies argument", before: #".testTarget(name: "A", path: "x"),"#, edit: .add(#".product(name: "P", package: "p")"#, to: "A"),
             after: #".testTarget(name: "A", dependencies: [.product(name: "P", package: "p")], path: "x"),"#),
        Case(name: "one a line with a trailing comma", before: ".target(\n    name: \"A\",\n    dependencies: [\n        \"B\",\n    ]\n)",
             edit: .add("\"C\"", to: "A"), after: ".target(\n    name: \"A\",\n    dependencies: [\n        \"B\",\n        \"C\",\n    ]\n)"),
        Case(name: "one a line", before: ".target(name: \"A\", dependencies: [\n    \"B\",\n    .product(name: \"P\", package: \"p\"),\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\",\n    .product(name: \"P\", package: \"p\"),\n    \"C\",\n]),"),
        Case(name: "one a line without a trailing comma", before: ".target(name: \"A\", dependencies: [\n    \"B\"\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\",\n    \"C\"\n]),"),
        Case(name: "remove the middle of an inline list", before: #".target(name: "A", dependencies: ["B", "C", "D"]),"#, edit: .remove("C", from: "A"),
             after: #".target(name: "A", dependencies: ["B", "D"]),"#),
        Case(name: "remove the last of an inline list", before: #".target(name: "A", dependencies: ["B", "C"]),"#, edit: .remove("C", from: "A"),
             after: #".target(name: "A", dependencies: ["B"]),"#),
        Case(name: "remove a product on its own line", before: ".target(name: \"A\", dependencies: [\n    \"B\",\n    .product(name: \"P\", package: \"p\"),\n]),",
             edit: .remove("P", from: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\",\n]),"),
        Case(name: "a name inside another target's list is not its declaration", before: ".target(name: \"A\", dependencies: [.target(name: \"B\")]),\n.target(name: \"B\"),",
             edit: .add("\"C\"", to: "B"), after: ".target(name: \"A\", dependencies: [.target(name: \"B\")]),\n.target(name: \"B\", dependencies: [\"C\"]),"),
        Case(name: "a concatenated list is refused", before: #".target(name: "A", dependencies: core + ["B"]),"#, edit: .add("\"C\"", to: "A"), after: nil),
        Case(name: "a list followed by a concatenation is refused", before: #".target(name: "A", dependencies: ["B"] + extra),"#, edit: .add("\"C\"", to: "A"), after: nil),
        Case(name: "a conditional dependency is refused", before: #".target(name: "A", dependencies: [.product(name: "P", package: "p", condition: .when(platforms: [.iOS]))]),"#,
             edit: .remove("P", from: "A"), after: nil),
        Case(name: "a helper's declaration is refused", before: #"featureTarget("A", uses: [.search]),"#, edit: .add("\"C\"", to: "A"), after: nil,
             refusal: .targetNotFound("A")),
        Case(name: "a name the list does not hold is refused", before: #".target(name: "A", dependencies: ["B"]),"#, edit: .remove("C", from: "A"), after: nil),
        Case(name: "a list with a conditional element keeps it", before: #".target(name: "A", dependencies: [.product(name: "P", package: "p", condition: .when(platforms: [.iOS]))]),"#,
             edit: .add("\"C\"", to: "A"), after: #".target(name: "A", dependencies: [.product(name: "P", package: "p", condition: .when(platforms: [.iOS])), "C"]),"#),
    ]

    /// Issue 24, 1: removing the last element of a list one a line without a trailing comma trapped.
    static let lastElementCases: [Case] = [
        Case(name: "remove the last of a list one a line without a trailing comma",
             before: ".target(name: \"A\", dependencies: [\n    \"B\",\n    \"C\"\n]),", edit: .remove("C", from: "A"),
             after: ".target(name: \"A\", dependencies: [\n    \"B\"\n]),"),
        Case(name: "remove the only element of a list one a line",
             before: ".target(name: \"A\", dependencies: [\n    \"C\"\n]),", edit: .remove("C", from: "A"),
             after: ".target(name: \"A\", dependencies: [\n]),"),
        Case(name: "remove the last, its line's comment going with it",
             before: ".target(name: \"A\", dependencies: [\n    \"B\", // b\n    \"C\" // c\n]),", edit: .remove("C", from: "A"),
             after: ".target(name: \"A\", dependencies: [\n    \"B\" // b\n]),"),
        Case(name: "remove the last of a CRLF list keeps CRLF",
             before: ".target(name: \"A\", dependencies: [\r\n    \"B\",\r\n    \"C\"\r\n]),", edit: .remove("C", from: "A"),
             after: ".target(name: \"A\", dependencies: [\r\n    \"B\"\r\n]),"),
        Case(name: "remove a multi-line product last",
             before: ".target(name: \"A\", dependencies: [\n    \"B\",\n    .product(\n        name: \"P\",\n        package: \"p\"\n    )\n]),",
             edit: .remove("P", from: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\"\n]),"),
    ]

    /// Issue 24, 2: raw, multi-line and interpolated literals.
    static let literalCases: [Case] = [
        Case(name: "a raw-string name", before: ##".target(name: #"A"#),"##, edit: .add("\"B\"", to: "A"),
             after: ##".target(name: #"A"#, dependencies: ["B"]),"##),
        Case(name: "a raw-string name with two #", before: ###".target(name: ##"A"##, path: "x"),"###, edit: .add("\"B\"", to: "A"),
             after: ###".target(name: ##"A"##, dependencies: ["B"], path: "x"),"###),
        Case(name: "remove a raw-string element", before: ##".target(name: "A", dependencies: [#"C"#, "B"]),"##, edit: .remove("C", from: "A"),
             after: #".target(name: "A", dependencies: ["B"]),"#),
        Case(name: "remove a raw-string element last", before: ###".target(name: "A", dependencies: ["B", ##"C"##]),"###, edit: .remove("C", from: "A"),
             after: #".target(name: "A", dependencies: ["B"]),"#),
        Case(name: "add after a raw-string element", before: ##".target(name: "A", dependencies: [#"B"#]),"##, edit: .add("\"C\"", to: "A"),
             after: ##".target(name: "A", dependencies: [#"B"#, "C"]),"##),
        Case(name: "a multi-line string argument", before: ".target(name: \"A\", dependencies: [\"B\"], path: \"\"\"\n    x])\n    \"\"\"),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\"B\", \"C\"], path: \"\"\"\n    x])\n    \"\"\"),"),
        Case(name: "brackets and slashes inside a string", before: #".target(name: "A", path: "x]//y"),"#, edit: .add("\"C\"", to: "A"),
             after: #".target(name: "A", dependencies: ["C"], path: "x]//y"),"#),
        Case(name: "an interpolated name is not a literal", before: #".target(name: "\(prefix)A", dependencies: ["B"]),"#,
             edit: .add("\"C\"", to: "A"), after: nil, refusal: .targetNotFound("A")),
        Case(name: "an interpolated element is not the name", before: #".target(name: "A", dependencies: ["\(c)", "B"]),"#,
             edit: .remove("C", from: "A"), after: nil, refusal: .dependencyNotListed("C")),
        Case(name: "a multi-line name is not a single-line literal", before: ".target(name: \"\"\"\nA\n\"\"\"),",
             edit: .add("\"C\"", to: "A"), after: nil, refusal: .targetNotFound("A")),
    ]

    /// Issue 24, 3: comments stay where they are; an element's same-line trivia goes with it.
    static let commentCases: [Case] = [
        Case(name: "add after a last element with a line comment", before: ".target(name: \"A\", dependencies: [\n    \"B\" // TODO, drop later\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\", // TODO, drop later\n    \"C\"\n]),"),
        Case(name: "add after a trailing comma with a line comment", before: ".target(name: \"A\", dependencies: [\n    \"B\", // b\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\", // b\n    \"C\",\n]),"),
        Case(name: "remove an element with its own block comment", before: #".target(name: "A", dependencies: ["C" /* unused */, "B"]),"#,
             edit: .remove("C", from: "A"), after: #".target(name: "A", dependencies: ["B"]),"#),
        Case(name: "remove the last element with its own block comment", before: #".target(name: "A", dependencies: ["B" /* b */, "C" /* c */]),"#,
             edit: .remove("C", from: "A"), after: #".target(name: "A", dependencies: ["B" /* b */]),"#),
        Case(name: "add to a list holding only a comment", before: #".target(name: "A", dependencies: [/* keep empty */]),"#,
             edit: .add("\"C\"", to: "A"), after: #".target(name: "A", dependencies: [/* keep empty */ "C"]),"#),
        Case(name: "add inline after a block comment", before: #".target(name: "A", dependencies: ["B" /* b */]),"#,
             edit: .add("\"C\"", to: "A"), after: #".target(name: "A", dependencies: ["B" /* b */, "C"]),"#),
        Case(name: "a comment on its own line stays", before: ".target(name: \"A\", dependencies: [\n    \"B\",\n    // why C\n    \"C\",\n]),",
             edit: .remove("C", from: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\",\n    // why C\n]),"),
        Case(name: "a line holding an element and its comment goes whole", before: ".target(name: \"A\", dependencies: [\n    \"C\", // c\n    \"B\",\n]),",
             edit: .remove("C", from: "A"), after: ".target(name: \"A\", dependencies: [\n    \"B\",\n]),"),
        Case(name: "add to an empty list over lines with a comment", before: ".target(name: \"A\", dependencies: [\n    // none yet\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\n    // none yet\n    \"C\"\n]),"),
        Case(name: "a block comment over lines after the last element is refused",
             before: ".target(name: \"A\", dependencies: [\n    \"B\" /* one\n    two */\n]),", edit: .add("\"C\"", to: "A"), after: nil,
             refusal: .cannotPlace("A", "a comment spans the line after the last element")),
        Case(name: "a comment naming the target is not a declaration", before: "// .target(name: \"A\"),\n.target(name: \"A\"),",
             edit: .add("\"C\"", to: "A"), after: "// .target(name: \"A\"),\n.target(name: \"A\", dependencies: [\"C\"]),"),
    ]

    /// Issue 24, 4: only the declaration the package provably reads.
    static let reachabilityCases: [Case] = [
        Case(name: "a helper list naming the target is not its declaration",
             before: "let common: [Target.Dependency] = [.target(name: \"A\")]\n" + package(#"        .target(name: "A"),\n        .target(name: "B", dependencies: common),"#),
             edit: .add("\"C\"", to: "A"),
             after: "let common: [Target.Dependency] = [.target(name: \"A\")]\n" + package(#"        .target(name: "A", dependencies: ["C"]),\n        .target(name: "B", dependencies: common),"#),
             wrapped: false),
        Case(name: "a declaration only in a helper list is refused",
             before: "let extra: [Target] = [.target(name: \"A\")]\n" + package(#"        .target(name: "B"),"#),
             edit: .add("\"C\"", to: "A"), after: nil, refusal: .declaredOutsideTargets("A"), wrapped: false),
        Case(name: "a declaration inside a function is refused",
             before: "func make() -> Target { .target(name: \"A\") }\n" + package("        make(),"),
             edit: .add("\"C\"", to: "A"), after: nil, refusal: .declaredOutsideTargets("A"), wrapped: false),
        Case(name: "targets named by a let list",
             before: "let targets: [Target] = [\n    .target(name: \"A\"),\n]\nlet package = Package(name: \"P\", targets: targets)\n",
             edit: .add("\"C\"", to: "A"),
             after: "let targets: [Target] = [\n    .target(name: \"A\", dependencies: [\"C\"]),\n]\nlet package = Package(name: \"P\", targets: targets)\n",
             wrapped: false),
        Case(name: "targets named by a var list are refused",
             before: "var targets: [Target] = [.target(name: \"A\")]\nlet package = Package(name: \"P\", targets: targets)\n",
             edit: .add("\"C\"", to: "A"), after: nil, refusal: .targetsNotALiteralList, wrapped: false),
        Case(name: "a let list with more after it is refused",
             before: "let targets: [Target] = [.target(name: \"A\")] + more\nlet package = Package(name: \"P\", targets: targets)\n",
             edit: .add("\"C\"", to: "A"), after: nil, refusal: .targetsNotALiteralList, wrapped: false),
        Case(name: "a target appended to package.targets",
             before: "let package = Package(name: \"P\")\npackage.targets.append(.target(name: \"A\"))\n",
             edit: .add("\"C\"", to: "A"),
             after: "let package = Package(name: \"P\")\npackage.targets.append(.target(name: \"A\", dependencies: [\"C\"]))\n", wrapped: false),
        Case(name: "targets added to package.targets",
             before: "let package = Package(name: \"P\", targets: [])\npackage.targets += [.target(name: \"A\", dependencies: [\"B\", \"C\"])]\n",
             edit: .remove("C", from: "A"),
             after: "let package = Package(name: \"P\", targets: [])\npackage.targets += [.target(name: \"A\", dependencies: [\"B\"])]\n", wrapped: false),
        Case(name: "two Package calls are refused",
             before: package(#"        .target(name: "A"),"#) + package(#"        .target(name: "B"),"#),
             edit: .add("\"C\"", to: "A"), after: nil, refusal: .packageNotFound, wrapped: false),
        Case(name: "a target declared twice is refused",
             before: ".target(name: \"A\"),\n.target(name: \"A\", path: \"x\"),", edit: .add("\"C\"", to: "A"), after: nil, refusal: .declaredTwice("A")),
        Case(name: "targets under #if are refused",
             before: "#if os(Linux)\n.target(name: \"A\"),\n#endif", edit: .add("\"C\"", to: "A"), after: nil, refusal: .targetsNotALiteralList),
        Case(name: "an empty targets argument is refused, not a trap",
             before: "let package = Package(name: \"P\", targets:)\n", edit: .add("\"C\"", to: "A"), after: nil,
             refusal: .targetsNotALiteralList, wrapped: false),
        Case(name: "a macro and a plugin",
             before: ".macro(name: \"M\"),\n.plugin(name: \"A\", capability: .buildTool()),", edit: .add("\"C\"", to: "A"),
             after: ".macro(name: \"M\"),\n.plugin(name: \"A\", capability: .buildTool(), dependencies: [\"C\"]),"),
    ]

    /// Issue 24: each list keeps its style.
    static let styleCases: [Case] = [
        Case(name: "tabs and CRLF", before: ".target(\r\n\tname: \"A\",\r\n\tdependencies: [\r\n\t\t\"B\"\r\n\t]\r\n),",
             edit: .add("\"C\"", to: "A"), after: ".target(\r\n\tname: \"A\",\r\n\tdependencies: [\r\n\t\t\"B\",\r\n\t\t\"C\"\r\n\t]\r\n),"),
        Case(name: "a new argument on a line of its own", before: ".target(\n    name: \"A\",\n    path: \"x\"\n),",
             edit: .add("\"C\"", to: "A"), after: ".target(\n    name: \"A\",\n    dependencies: [\"C\"],\n    path: \"x\"\n),"),
        Case(name: "a new last argument on a line of its own", before: ".target(\n    name: \"A\" // the app\n),",
             edit: .add("\"C\"", to: "A"), after: ".target(\n    name: \"A\", // the app\n    dependencies: [\"C\"]\n),"),
        Case(name: "an empty list over lines", before: ".target(\n    name: \"A\",\n    dependencies: [\n    ]\n),",
             edit: .add("\"C\"", to: "A"), after: ".target(\n    name: \"A\",\n    dependencies: [\n        \"C\"\n    ]\n),"),
        Case(name: "a CRLF list one a line with a trailing comma", before: ".target(name: \"A\", dependencies: [\r\n    \"B\",\r\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\r\n    \"B\",\r\n    \"C\",\r\n]),"),
        // Issue 49: the file's dominant ending, not the one of the line the edit follows.
        Case(name: "a CRLF file with one LF line gets a CRLF line", before: ".target(name: \"A\", dependencies: [\r\n    \"B\",\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\r\n    \"B\",\n    \"C\",\r\n]),"),
        Case(name: "a CRLF file with one LF line, no trailing comma", before: ".target(name: \"A\", dependencies: [\r\n    \"B\" // b\n]),",
             edit: .add("\"C\"", to: "A"), after: ".target(name: \"A\", dependencies: [\r\n    \"B\", // b\n    \"C\"\r\n]),"),
        Case(name: "a spelling that is two elements is refused", before: #".target(name: "A", dependencies: ["B"]),"#,
             edit: .add("\"C\", \"D\"", to: "A"), after: nil),
        Case(name: "a spelling ending in a comment is refused", before: #".target(name: "A", dependencies: ["B"]),"#,
             edit: .add("\"C\" // c", to: "A"), after: nil),
        Case(name: "a dependency already listed is refused", before: #".target(name: "A", dependencies: ["B"]),"#,
             edit: .add("\"B\"", to: "A"), after: nil, refusal: .alreadyListed("\"B\"")),
    ]

    /// One dependency declared twice over or more (`redundant-dependency`): every element naming
    /// it but the last goes, in one edit; `remove` still refuses to leave the name listed.
    static let duplicateCases: [Case] = [
        Case(name: "one of two equal elements", before: #".target(name: "A", dependencies: ["B", "B"]),"#, edit: .removeDuplicate("B", from: "A"),
             after: #".target(name: "A", dependencies: ["B"]),"#),
        Case(name: "a name and a product of that name", before: ".target(name: \"A\", dependencies: [\n    \"P\",\n    .product(name: \"P\", package: \"p\"),\n]),",
             edit: .removeDuplicate("P", from: "A"), after: ".target(name: \"A\", dependencies: [\n    .product(name: \"P\", package: \"p\"),\n]),"),
        // Issue 49: three equal elements took three runs of --fix, each saying "0 left".
        Case(name: "three equal elements keep one in one edit", before: #".target(name: "A", dependencies: ["B", "C", "B", "B"]),"#,
             edit: .removeDuplicate("B", from: "A"), after: #".target(name: "A", dependencies: ["C", "B"]),"#),
        Case(name: "a duplicate named once is refused", before: #".target(name: "A", dependencies: ["B", "C"]),"#, edit: .removeDuplicate("C", from: "A"),
             after: nil, refusal: .listedOnce("C")),
        Case(name: "a duplicate whose other element has a condition is refused",
             before: #".target(name: "A", dependencies: ["P", .product(name: "P", package: "p", condition: .when(platforms: [.iOS]))]),"#,
             edit: .removeDuplicate("P", from: "A"), after: nil, refusal: .listedOnce("P")),
        Case(name: "removing one of two equal elements as a whole is refused", before: #".target(name: "A", dependencies: ["B", "B"]),"#,
             edit: .remove("B", from: "A"), after: nil),
    ]

    @Test(arguments: cases + lastElementCases + literalCases + commentCases + reachabilityCases + styleCases + duplicateCases)
    func editsOnlyWhatItReadsExactly(_ testCase: Case) {
        let lineBreak = testCase.before.contains("\r\n") ? "\r\n" : "\n"
        let before = testCase.wrapped ? Self.package(testCase.before, lineBreak: lineBreak) : testCase.before
        var editor = ManifestEditor(bytes: Array(before.utf8))
        var refusal: ManifestEditor.Refusal?
        do {
            switch testCase.edit {
            case .add(let spelling, let target): try editor.add(spelling, to: target)
            case .remove(let name, let target): try editor.remove(name, from: target)
            case .removeDuplicate(let name, let target): try editor.removeDuplicate(name, from: target)
            }
        } catch {
            refusal = error
        }
        if let after = testCase.after {
            #expect(refusal == nil)
            let expected = testCase.wrapped ? Self.package(after, lineBreak: lineBreak) : after
            #expect(String(decoding: editor.bytes, as: UTF8.self) == expected)
        } else {
            #expect(refusal != nil, "expected a refusal")
            if let expected = testCase.refusal { #expect(refusal == expected) }
            #expect(String(decoding: editor.bytes, as: UTF8.self) == before, "a refused edit changes nothing")
        }
    }

    /// The re-read refuses any result but the intended one, whatever produced it.
    @Test(arguments: [
        ("a token outside the list changed", #".target(name: "A", dependencies: ["B", "C"], path: "y"),"#),
        ("another element changed", #".target(name: "A", dependencies: ["D", "C"], path: "x"),"#),
        ("the element missing", #".target(name: "A", dependencies: ["B"], path: "x"),"#),
        ("a list that no longer closes", #".target(name: "A", dependencies: ["B", "C", path: "x"),"#),
    ])
    func theReReadRefusesAnythingButTheIntendedChange(_ problem: String, _ edited: String) {
        let original = ManifestTokens(bytes: Array(Self.package(#".target(name: "A", dependencies: ["B"], path: "x"),"#).utf8))
        guard let list = try? DependencyList.read("A", in: original) else {
            Issue.record("the original does not read")
            return
        }
        #expect(throws: ManifestEditor.Refusal.self, "\(problem)") {
            try ManifestEditor.verified(Array(Self.package(edited).utf8), original: original, list: list, change: .add("\"C\""), target: "A")
        }
        let intended = Array(Self.package(#".target(name: "A", dependencies: ["B", "C"], path: "x"),"#).utf8)
        #expect((try? ManifestEditor.verified(intended, original: original, list: list, change: .add("\"C\""), target: "A")) == intended)
    }
}
