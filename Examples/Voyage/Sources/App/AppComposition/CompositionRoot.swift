import BookingData
public import CheckoutFeature
public import Foundation
import PaymentData
public import SearchFeature

/// Where interfaces meet their implementations: the only file that knows both.
public struct CompositionRoot {
    public let baseURL: URL
    public init(baseURL: URL) { self.baseURL = baseURL }

    @MainActor public func makeSearch() -> SearchViewModel {
        SearchViewModel(repository: BookingDataAssembly.makeRepository(baseURL: baseURL))
    }

    @MainActor public func makeCheckout() -> CheckoutViewModel {
        CheckoutViewModel(
            bookings: BookingDataAssembly.makeRepository(baseURL: baseURL),
            payments: PaymentDataAssembly.makeService(baseURL: baseURL))
    }
}
