import Testing
@testable import TravelApp

@Test func appLaunches() {}
