import Payments
import Receipts

public let cart = (Payment(), Receipt())
