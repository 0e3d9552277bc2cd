import Foundation
import ToolsBasic

public let options = 1
