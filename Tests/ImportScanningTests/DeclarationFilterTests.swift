import TestSupport
import Testing
@testable import ImportScanning

/// The declaration filter: a scan keeps only the declarations a configured rule can select, and
/// keeps every one of those.
@Suite(.tags(.small)) struct DeclarationFilterTests {
    static let source = """
        final class SearchViewModel {}
        class ProfileViewModel: ObservableObject {}
        struct ViewModelFactory {}
        public struct BookingRepository: Sendable {}
        extension SearchViewModel: Equatable {}
        final class Cache: @unchecked Sendable {}
        enum Route { case home }

        """

    struct FilterCase: CustomTestStringConvertible, Sendable {
        var name: String
        var filter: DeclarationFilter
        var kept: [String]
        var testDescription: String { name }
    }

    static let cases: [FilterCase] = [
        .init(name: "classes by suffix", filter: .init(selectors: [.init(kinds: [.class], names: ["*ViewModel"])]),
              kept: ["SearchViewModel", "ProfileViewModel"]),
        .init(name: "every kind but extensions by default", filter: .init(selectors: [.init(names: ["*ViewModel", "Booking?epository"])]),
              kept: ["SearchViewModel", "ProfileViewModel", "BookingRepository"]),
        .init(name: "extensions when asked", filter: .init(selectors: [.init(kinds: [.extension], names: ["Search*"])]),
              kept: ["SearchViewModel"]),
        .init(name: "unchecked only", filter: .init(uncheckedSendable: true), kept: ["Cache"]),
        .init(name: "nothing asked", filter: .init(), kept: []),
        .init(name: "every name", filter: .init(selectors: [.init(kinds: [.enum])]), kept: ["Route"]),
        .init(name: "a pattern not understood keeps all of its kind", filter: .init(selectors: [.init(kinds: [.struct], names: ["[A-Z]*"])]),
              kept: ["ViewModelFactory", "BookingRepository"]),
    ]

    @Test(arguments: cases)
    func keepsWhatARuleCanSelect(_ example: FilterCase) {
        let result = ImportScanner.scan(Self.source, inspecting: SourceInspection(declarations: true, keeping: example.filter))
        #expect(result.declarations.map(\.name) == example.kept)
    }

    @Test func aKeptDeclarationIsReadInFull() {
        let all = ImportScanner.scan(Self.source, inspecting: SourceInspection(declarations: true))
        let filtered = ImportScanner.scan(Self.source, inspecting: SourceInspection(declarations: true, keeping: .init(uncheckedSendable: true)))
        #expect(filtered.declarations == all.declarations.filter(\.isUncheckedSendable))
        #expect(filtered.declarations.first?.inheritancePositions.first?.column == 20)
    }

    @Test func theFilterIsPartOfTheKey() {
        let all = SourceInspection(declarations: true)
        let some = SourceInspection(declarations: true, keeping: .init(selectors: [.init(kinds: [.class], names: ["*ViewModel"])]))
        #expect(all.key == "d;")
        #expect(Set([all.key, some.key, SourceInspection(declarations: true, keeping: .init(uncheckedSendable: true)).key]).count == 3)
    }

    @Test func aNonASCIINameMatchesByCharacter() {
        let filter = DeclarationFilter(selectors: [.init(names: ["Caf?ViewModel", "Search.*"])])
        let source = "final class CaféViewModel {}\nclass CafeeViewModel {}\nextension Search.Result {}\nstruct Search {}\n"
        let result = ImportScanner.scan(source, inspecting: SourceInspection(declarations: true, keeping: filter))
        #expect(result.declarations.map(\.name) == ["CaféViewModel"])
        let extensions = DeclarationFilter(selectors: [.init(kinds: [.extension], names: ["Search.*"])])
        #expect(ImportScanner.scan(source, inspecting: SourceInspection(declarations: true, keeping: extensions)).declarations.map(\.name) == ["Search.Result"])
    }

    @Test(arguments: [("*ViewModel", "SearchViewModel", true), ("*ViewModel", "ViewModelFactory", false), ("*", "", true),
                      ("A?C", "ABC", true), ("A?C", "AC", false), ("*Model*", "ViewModels", true), ("Foo.*", "Foo.Bar", true), ("Caf?", "Café", true),
                      ("a*b*c", "aXbYbZ", false), ("", "A", false)])
    func namePatterns(_ pattern: String, _ name: String, _ matches: Bool) {
        #expect(NamePattern.matches(pattern, name) == matches)
    }
}
