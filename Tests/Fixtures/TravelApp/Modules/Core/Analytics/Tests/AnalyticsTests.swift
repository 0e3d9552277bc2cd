@testable import Analytics
import Testing

@Test func named() {
    #expect(Analytics.name == "Analytics")
}
