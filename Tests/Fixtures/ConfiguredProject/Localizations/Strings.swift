public let greeting = "Hello"
