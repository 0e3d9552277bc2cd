public struct MacOnly {}
