import ToolsBasic

public let utility = 1
