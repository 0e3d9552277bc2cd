@_exported import KitCore
