import TestSupport
import Testing
@testable import ImportScanning

/// The inspecting scan: identifier chains and type declarations from the import cursor's tokens,
/// never from a comment or a string, with positions like the imports'.
@Suite(.tags(.small)) struct SourceInspectionTests {
    struct IdentifierCase: CustomTestStringConvertible, Sendable {
        var name: String
        /// `⌖` marks where each expected use starts.
        var source: String
        var expected: [String]
        var testDescription: String { name }
    }

    static let request = SourceInspection(identifiers: ["URLSession", "Bundle.main"])

    static let identifierCases: [IdentifierCase] = [
        .init(name: "a type use", source: "let (data, _) = try await ⌖URLSession.shared.data(for: request)\n", expected: ["URLSession"]),
        .init(name: "a member chain", source: "let url = ⌖Bundle.main.url(forResource: \"a\", withExtension: nil)\n", expected: ["Bundle.main"]),
        .init(name: "a chain across a line break", source: "let url = ⌖Bundle\n    .main\n    .bundleURL\n", expected: ["Bundle.main"]),
        .init(name: "a qualified type", source: "var session: Foundation.⌖URLSession\n", expected: ["URLSession"]),
        .init(name: "in an interpolation", source: "print(\"\\(⌖URLSession.shared)\")\n", expected: ["URLSession"]),
        .init(name: "a generic argument", source: "let sessions: [⌖URLSession] = []\n", expected: ["URLSession"]),
        .init(name: "backticked", source: "let s = `⌖URLSession`.shared\n", expected: ["URLSession"]),
        .init(name: "two on one line", source: "f(⌖URLSession.shared, ⌖Bundle.main)\n", expected: ["URLSession", "Bundle.main"]),
    ]

    static let negativeSources: [String] = [
        "// URLSession.shared and Bundle.main\n",
        "/* let s = URLSession.shared /* nested Bundle.main */ */\n",
        "let text = \"URLSession and Bundle.main\"\n",
        "let text = #\"Bundle.main \"quoted\" URLSession\"#\n",
        "let text = \"\"\"\n    URLSession.shared\n    Bundle.main\n    \"\"\"\n",
        "let bundle = Bundle.module\n",
        "let other = Bundle.mainQueue\n",
        "let wrapper = URLSessionWrapper()\n",
        "let value = bundle?.main\n",
        "// swiftlint:disable:next url_session_in_feature\n#if URLSession\n#endif\n",
    ]

    @Test(arguments: identifierCases)
    func findsTheMarkedUses(_ example: IdentifierCase) {
        let marked = MarkedSource(example.source)
        let result = ImportScanner.scan(marked.text, inspecting: Self.request)
        #expect(result.identifiers.map(\.identifier) == example.expected)
        #expect(result.identifiers.map { [$0.position.line, $0.position.column] } == marked.expectedPositions.map { [$0.line, $0.column] })
    }

    @Test(arguments: identifierCases)
    func findsNothingInABlockCommentOrAString(_ example: IdentifierCase) {
        let text = MarkedSource(example.source).text
        let delimiter = String(repeating: "#", count: 12)
        for wrapped in ["/*\n" + text + "\n*/\n", "let text = \(delimiter)\"\"\"\n" + text + "\n\"\"\"\(delimiter)\n"] {
            let result = ImportScanner.scan(wrapped, inspecting: Self.request)
            #expect(result.identifiers.isEmpty, "\(wrapped)")
        }
    }

    @Test(arguments: identifierCases)
    func shiftsOnlyLinesBehindAMultiBytePrefix(_ example: IdentifierCase) {
        let prefix = "// ünïcödé ✈️ 名前\nlet π = \"🚀\" /* ü */\n"
        let marked = MarkedSource(example.source)
        let result = ImportScanner.scan(prefix + marked.text, inspecting: Self.request)
        #expect(result.identifiers.map { [$0.position.line, $0.position.column] } == marked.expectedPositions.map { [$0.line + 2, $0.column] })
    }

    @Test(arguments: negativeSources)
    func findsNothingOutsideCode(_ source: String) {
        #expect(ImportScanner.scan(source, inspecting: Self.request).identifiers.isEmpty)
    }

    @Test func anEmptyRequestScansAsBefore() {
        let source = "import Foundation\nfinal class A: @unchecked Sendable { let s = URLSession.shared }\n"
        let plain = ImportScanner.scan(source)
        let inspected = ImportScanner.scan(source, inspecting: SourceInspection())
        #expect(plain == inspected)
        #expect(inspected.identifiers.isEmpty && inspected.declarations.isEmpty)
    }

    // MARK: - Declarations

    struct DeclarationCase: CustomTestStringConvertible, Sendable {
        var name: String
        var source: String
        /// `kind name [modifiers] @attributes : inheritance @ line`.
        var expected: [String]
        var testDescription: String { name }
    }

    static func rendering(_ declaration: TypeDeclaration) -> String {
        var text = "\(declaration.kind.rawValue) \(declaration.name)"
        if !declaration.modifiers.isEmpty { text += " [\(declaration.modifiers.joined(separator: " "))]" }
        if !declaration.attributes.isEmpty { text += " " + declaration.attributes.map { "@\($0)" }.joined(separator: " ") }
        if !declaration.inheritance.isEmpty { text += " : " + declaration.inheritance.joined(separator: ", ") }
        return text + " @ \(declaration.position.line)"
    }

    static let declarationCases: [DeclarationCase] = [
        .init(name: "a final class with an attribute on the line above",
              source: "@MainActor\nfinal class SearchViewModel: ObservableObject {\n}\n",
              expected: ["class SearchViewModel [final] @MainActor : ObservableObject @ 2"]),
        .init(name: "modifiers, generics and a where clause",
              source: "public struct Box<T: Equatable>: Hashable, Sendable where T: Sendable {}\n",
              expected: ["struct Box [public] : Hashable, Sendable @ 1"]),
        .init(name: "@unchecked Sendable in an extension of a dotted name",
              source: "extension Foundation.NSCache: @unchecked Sendable {}\n",
              expected: ["extension Foundation.NSCache : @unchecked Sendable @ 1"]),
        .init(name: "attributes with arguments and a protocol",
              source: "@available(iOS 17, *) @preconcurrency\npublic protocol TicketIssuer: AnyObject, Sendable {\n    func issue() async throws\n}\n",
              expected: ["protocol TicketIssuer [public] @available @preconcurrency : AnyObject, Sendable @ 2"]),
        .init(name: "nested types, an actor and an indirect enum",
              source: "enum Outer {\n    actor Store {}\n    indirect enum Tree: Equatable { case leaf }\n}\n",
              expected: ["enum Outer @ 1", "actor Store @ 2", "enum Tree [indirect] : Equatable @ 3"]),
        .init(name: "class members are not classes",
              source: "final class A {\n    class func make() -> A { A() }\n    class var shared: A { A() }\n}\n",
              expected: ["class A [final] @ 1"]),
        .init(name: "private(set) keeps the prefix going",
              source: "private(set) nonisolated(unsafe) final class Legacy {}\n",
              expected: ["class Legacy [private nonisolated final] @ 1"]),
        .init(name: "words in comments and strings, and actor as a name",
              source: "// final class NotOne {}\nlet text = \"struct NotOne\"\nlet actor = 1\n/* protocol P {} */\nstruct One {}\n",
              expected: ["struct One @ 5"]),
        .init(name: "after an #if",
              source: "#if canImport(UIKit)\npublic final class Screen: UIViewController {}\n#endif\n",
              expected: ["class Screen [public final] : UIViewController @ 2"]),
    ]

    @Test(arguments: declarationCases)
    func readsTheDeclarations(_ example: DeclarationCase) {
        let result = ImportScanner.scan(example.source, inspecting: SourceInspection(declarations: true))
        #expect(result.declarations.map(Self.rendering) == example.expected)
        #expect(result.issues.isEmpty)
    }

    @Test(arguments: declarationCases)
    func findsNoDeclarationInABlockComment(_ example: DeclarationCase) {
        let result = ImportScanner.scan("/*\n" + example.source + "\n*/\n", inspecting: SourceInspection(declarations: true))
        #expect(result.declarations.isEmpty)
    }

    @Test func uncheckedSendableAndInheritanceAreRecognised() {
        let declaration = TypeDeclaration(kind: .class, name: "A", inheritance: ["NSObject", "@unchecked Sendable"], position: SourcePosition(offset: 0, line: 1, column: 1))
        #expect(declaration.isUncheckedSendable)
        #expect(declaration.inherits("Sendable"))
        #expect(!declaration.inherits("Equatable"))
        let qualified = TypeDeclaration(kind: .protocol, name: "P", inheritance: ["Swift.Sendable"], position: SourcePosition(offset: 0, line: 1, column: 1))
        #expect(qualified.inherits("Sendable") && !qualified.isUncheckedSendable)
    }
}

/// Positions far into a file, where lines are counted by jumping between line feeds.
@Suite(.tags(.small)) struct FarPositionTests {
    @Test(arguments: ["\n", "\r\n", "\r"])
    func aDeclarationFarDownHasItsLineAndColumn(_ lineEnd: String) {
        let filler = String(repeating: "let value = 1 // a line of filler text\(lineEnd)", count: 100)
        let result = ImportScanner.scan(filler + "  struct Far {}" + lineEnd, inspecting: SourceInspection(declarations: true))
        #expect(result.declarations.map { [$0.position.line, $0.position.column] } == [[101, 3]])
    }
}
