import Models

public let history = [Model()]
