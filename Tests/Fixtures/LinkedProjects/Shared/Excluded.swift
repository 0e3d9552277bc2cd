import Gadgets

struct ActionOnly {}
