import TestSupport
import Testing
@testable import DeclarationFiles

/// `check --fix`'s edits: literal lists in their own style, and refusals for anything else.
@Suite(.tags(.small)) struct ManifestEditorTests {
    enum Edit: Sendable {
        case add(String, to: String)
        case remove(String, from: String)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var before: String
        var edit: Edit
        /// Nil when the edit must be refused.
        var after: String?
        var testDescription: String { name }
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
        Case(name: "a helper's declaration is refused", before: #"featureTarget("A", uses: [.search]),"#, edit: .add("\"C\"", to: "A"), after: nil),
        Case(name: "a name the list does not hold is refused", before: #".target(name: "A", dependencies: ["B"]),"#, edit: .remove("C", from: "A"), after: nil),
    ]

    @Test(arguments: cases)
    func editsOnlyWhatItReadsExactly(_ testCase: Case) {
        var editor = ManifestEditor(bytes: Array(testCase.before.utf8))
        var refused = false
        do {
            switch testCase.edit {
            case .add(let spelling, let target): try editor.add(spelling, to: target)
            case .remove(let name, let target): try editor.remove(name, from: target)
            }
        } catch {
            refused = true
        }
        if let after = testCase.after {
            #expect(!refused)
            #expect(String(decoding: editor.bytes, as: UTF8.self) == after)
        } else {
            #expect(refused, "expected a refusal")
            #expect(String(decoding: editor.bytes, as: UTF8.self) == testCase.before, "a refused edit changes nothing")
        }
    }
}
