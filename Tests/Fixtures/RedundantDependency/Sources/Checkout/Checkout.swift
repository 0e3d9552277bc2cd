import Payments
import Receipts

public let checkout = (Payment(), Receipt())
