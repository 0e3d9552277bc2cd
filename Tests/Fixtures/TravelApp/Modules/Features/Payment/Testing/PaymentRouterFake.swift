import PaymentInterface

public struct PaymentRouterFake: PaymentRouting {
    public init() {}
    public func openPayment() async {}
}
