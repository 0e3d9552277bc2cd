import Kit
import KitCore
