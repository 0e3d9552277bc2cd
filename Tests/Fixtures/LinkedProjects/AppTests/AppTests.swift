@testable import App
import Core
import Gadgets
import Kit
import XCTest

final class AppTests: XCTestCase {}
