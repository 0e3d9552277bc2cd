public import Foundation
import Networking
public import PaymentInterface
import SharedKernel

struct LivePaymentService: PaymentService {
    let client: HTTPClient

    func pay(_ amount: Money, for booking: BookingID) async throws -> PaymentReceipt {
        _ = try await client.get("payments/\(booking.rawValue)")
        return PaymentReceipt(reference: "R-\(booking.rawValue)", amount: amount)
    }
}

public enum PaymentDataAssembly {
    public static func makeService(baseURL: URL) -> any PaymentService {
        LivePaymentService(client: HTTPClient(baseURL: baseURL))
    }
}
