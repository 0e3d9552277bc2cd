public import BookingInterface
import DesignSystem
public import PaymentInterface
public import SharedKernel

/// Pays for a booking through the payment protocol.
public final class CheckoutViewModel {
    private let bookings: any BookingRepository
    private let payments: any PaymentService

    public init(bookings: any BookingRepository, payments: any PaymentService) {
        self.bookings = bookings
        self.payments = payments
    }

    public func checkout(_ id: BookingID, amount: Money) async throws -> PaymentReceipt {
        _ = try await bookings.booking(id: id)
        return try await payments.pay(amount, for: id)
    }
}
