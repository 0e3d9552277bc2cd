import Search
import SearchTesting
import HotelDetailTesting
import Testing

@Test func screenExists() {
    _ = SearchScreen()
}
