import Kit

public let searchModel = Model()
