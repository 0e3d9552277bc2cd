import ToolsBasic

public let utility = basic
