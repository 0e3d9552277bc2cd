public struct BrokenKit {}
