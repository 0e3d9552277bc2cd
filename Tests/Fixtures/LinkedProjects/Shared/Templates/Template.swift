import Gadgets
