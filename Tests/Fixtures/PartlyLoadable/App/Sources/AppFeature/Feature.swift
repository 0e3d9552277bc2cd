import AppCore
import BrokenKit

public struct Feature {}
