@testable import FoundationKit
import Testing

@Test func named() {
    #expect(FoundationKit.name == "FoundationKit")
}
