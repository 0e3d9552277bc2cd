public let basic = 1
