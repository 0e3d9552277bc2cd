public import BookingInterface
public import DesignSystem
import SharedKernel

/// Searches through the repository protocol; it cannot name the network layer.
public final class SearchViewModel {
    private let repository: any BookingRepository
    public private(set) var results: [Booking] = []

    public init(repository: any BookingRepository) {
        self.repository = repository
    }

    public func search(_ query: String) async throws {
        results = try await repository.search(query)
    }

    public var buttonStyle: PrimaryButtonStyle { PrimaryButtonStyle(title: "Search") }
}
