import Payments

public let order = Payment()
