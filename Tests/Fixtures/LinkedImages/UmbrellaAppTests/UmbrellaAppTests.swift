// Hosted by UmbrellaApp: it runs inside the app's process, which holds Networking through Shared.
@testable import UmbrellaApp
import Networking
import XCTest

final class UmbrellaAppTests: XCTestCase {
    func testSession() { _ = HTTPClient() }
}
