import struct Core.Core

let core = Core()
