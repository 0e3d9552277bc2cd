import TestSupport
import Testing
@testable import Formats

/// The positioned reading the project-file editor places its splices with: every value, entry
/// and item knows its bytes, and agrees with the value-only reading.
@Suite(.tags(.small)) struct PropertyListPositionsTests {
    static let text = """
    // !$*UTF8*$!
    {
    \ta = b; /* after */
    \t"quoted key" = "x \\"y\\"";
    \tlist = (one, "two" /* 2 */, three);
    \ttrailing = (
    \t\tA /* a */,
    \t\tB,
    \t);
    \tnested = { path = <0fbd>; };
    }
    """

    static func slice(_ range: Range<Int>) -> String {
        String(decoding: Array(text.utf8)[range], as: UTF8.self)
    }

    @Test func entriesRunFromTheKeyToTheSemicolonAndItemsToTheirComma() throws {
        let root = try OpenStepPropertyList.parseWithPositions(Array(Self.text.utf8))
        #expect(root.value == (try OpenStepPropertyList.parse(Array(Self.text.utf8))))
        #expect(Self.slice(root.range).hasPrefix("{") && Self.slice(root.range).hasSuffix("}"))
        #expect(root.entries?.map(\.key) == ["a", "quoted key", "list", "trailing", "nested"])
        #expect(Self.slice(try #require(root["a"]).range) == "a = b;")
        #expect(Self.slice(try #require(root["quoted key"]).keyRange) == "\"quoted key\"")
        #expect(Self.slice(try #require(root["quoted key"]).value.range) == "\"x \\\"y\\\"\"")
        let list = try #require(root["list"]?.value.items)
        #expect(list.map { Self.slice($0.range) } == ["one,", "\"two\" /* 2 */,", "three"])
        #expect(list.map(\.hasComma) == [true, true, false])
        let trailing = try #require(root["trailing"]?.value.items)
        #expect(trailing.map { Self.slice($0.range) } == ["A /* a */,", "B,"])
        #expect(Self.slice(try #require(root["nested"]).value.range) == "{ path = <0fbd>; }")
        #expect(Self.slice(try #require(root["nested"]?.value["path"]).value.range) == "<0fbd>")
    }

    /// Bytes that are not UTF-8 are never decoded to place anything: offsets count bytes.
    @Test func offsetsCountBytesNotCharacters() throws {
        let bytes: [UInt8] = Array("{ /* caf".utf8) + [0xE9] + Array(" */ a = (x, y); }".utf8)
        let root = try OpenStepPropertyList.parseWithPositions(bytes)
        let entry = try #require(root["a"])
        #expect(Array(bytes[entry.range]) == Array("a = (x, y);".utf8))
    }

    @Test(arguments: ["{\n a = b\n}", "{ a = (b c); }", "", "(", "{ a = ; }"])
    func errorsAreTheValueReadingsErrors(_ text: String) {
        let bytes = Array(text.utf8)
        var plain: OpenStepPropertyList.SyntaxError?
        var positioned: OpenStepPropertyList.SyntaxError?
        do { _ = try OpenStepPropertyList.parse(bytes) } catch { plain = error }
        do { _ = try OpenStepPropertyList.parseWithPositions(bytes) } catch { positioned = error }
        #expect(plain != nil && plain == positioned)
    }
}
