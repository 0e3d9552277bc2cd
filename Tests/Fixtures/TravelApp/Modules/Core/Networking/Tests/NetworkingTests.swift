@testable import Networking
import Testing

@Test func named() {
    #expect(Networking.name == "Networking")
}
