import Testing
@testable import TravelWidget

@Test func widgetTimeline() {}
