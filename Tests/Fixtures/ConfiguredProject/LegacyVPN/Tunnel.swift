public struct Tunnel {}
