public import BookingInterface
public import Foundation
import Networking
import SharedKernel

struct LiveBookingRepository: BookingRepository {
    let client: HTTPClient

    func booking(id: BookingID) async throws -> Booking {
        let data = try await client.get("bookings/\(id.rawValue)")
        return Booking(id: id, title: String(decoding: data, as: UTF8.self))
    }

    func search(_ query: String) async throws -> [Booking] {
        [try await booking(id: BookingID(query))]
    }
}

/// The only door this module opens: implementation types stay internal.
public enum BookingDataAssembly {
    public static func makeRepository(baseURL: URL) -> any BookingRepository {
        LiveBookingRepository(client: HTTPClient(baseURL: baseURL))
    }
}
