import Testing
@testable import ShopWidget

@Test func shows() {}
