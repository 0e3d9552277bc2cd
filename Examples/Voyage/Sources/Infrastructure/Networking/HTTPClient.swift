public import Foundation
public import SharedKernel

/// The one place that talks HTTP. Everything above it sees repositories, never requests.
public struct HTTPClient: Sendable {
    public let baseURL: URL
    public init(baseURL: URL) { self.baseURL = baseURL }

    public func get(_ path: String) async throws -> Data {
        // A real client would use URLSession; the example keeps the package free of I/O.
        Data(path.utf8)
    }

    /// The resource path of a booking, shared by every repository that asks for one.
    public func path(of booking: BookingID) -> String {
        "bookings/\(booking.rawValue)"
    }
}
