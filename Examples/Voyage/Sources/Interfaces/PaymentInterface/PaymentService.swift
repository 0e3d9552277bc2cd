public import SharedKernel

public struct PaymentReceipt: Sendable {
    public let reference: String
    public let amount: Money
    package init(reference: String, amount: Money) {
        self.reference = reference
        self.amount = amount
    }
}

/// What checkout knows about paying; PaymentData implements it.
public protocol PaymentService: Sendable {
    func pay(_ amount: Money, for booking: BookingID) async throws -> PaymentReceipt
}
