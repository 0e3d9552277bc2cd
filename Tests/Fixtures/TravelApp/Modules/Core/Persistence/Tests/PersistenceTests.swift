@testable import Persistence
import Testing

@Test func named() {
    #expect(Persistence.name == "Persistence")
}
