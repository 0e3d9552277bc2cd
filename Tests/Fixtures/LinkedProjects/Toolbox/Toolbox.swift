public struct Toolbox {}
