import Testing
@testable import Shop

@Test func opens() {}
