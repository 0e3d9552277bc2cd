import ToolsBasic
import ToolsUtility

public let driver = 1
