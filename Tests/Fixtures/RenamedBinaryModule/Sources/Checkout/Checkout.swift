import PaymentKit

public enum Checkout {}
