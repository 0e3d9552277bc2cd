import Networking
import Testing

@Test func fetchesABooking() {
    #expect(Client().booking(id: "1").id == "1")
}
