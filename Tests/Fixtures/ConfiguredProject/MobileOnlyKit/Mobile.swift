public struct Mobile {}
