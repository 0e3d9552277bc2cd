public struct Gadgets {}
