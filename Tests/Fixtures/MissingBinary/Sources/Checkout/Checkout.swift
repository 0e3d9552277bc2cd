import PaymentGateway

public struct Checkout {}
