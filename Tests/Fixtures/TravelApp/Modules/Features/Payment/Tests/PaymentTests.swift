import Payment
import PaymentTesting
import Testing

@Test func screenExists() {
    _ = PaymentScreen()
}
