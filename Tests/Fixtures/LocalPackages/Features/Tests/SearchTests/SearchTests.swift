import Search
import Testing

@Test func finds() {
    #expect(SearchModel().find("2").id == "2")
}
