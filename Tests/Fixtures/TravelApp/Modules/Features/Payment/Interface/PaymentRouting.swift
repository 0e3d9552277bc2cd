import FoundationKit

public protocol PaymentRouting: Sendable {
    func openPayment() async
}
