import XCTest

final class TravelAppUITests: XCTestCase {
    func testLaunch() {}
}
