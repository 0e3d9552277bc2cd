import Testing
@testable import Search

@Test func searchScreenBuilds() {}
