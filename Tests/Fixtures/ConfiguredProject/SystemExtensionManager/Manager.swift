public struct Manager {}
