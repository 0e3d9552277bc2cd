public struct KitCore {}
