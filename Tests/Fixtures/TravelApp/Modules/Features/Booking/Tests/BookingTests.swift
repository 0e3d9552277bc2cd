import Booking
import BookingTesting
import PaymentTesting
import ProfileTesting
import Testing

@Test func screenExists() {
    _ = BookingScreen()
}
