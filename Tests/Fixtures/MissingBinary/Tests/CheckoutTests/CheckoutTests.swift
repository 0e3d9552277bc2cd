import Checkout
import Testing

@Test func exists() { _ = Checkout() }
