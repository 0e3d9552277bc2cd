import BrowserCore
import XCTest

final class PageTests: XCTestCase {
    func testAddress() { XCTAssertEqual(Page(address: "a").address, "a") }
}
