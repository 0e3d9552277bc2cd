@testable import DesignSystem
import Testing

@Test func named() {
    #expect(DesignSystem.name == "DesignSystem")
}
