import HotelDetail
import HotelDetailTesting
import BookingTesting
import Testing

@Test func screenExists() {
    _ = HotelDetailScreen()
}
