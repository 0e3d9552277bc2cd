import AccountKit
import XCTest

final class AccountTests: XCTestCase {}
