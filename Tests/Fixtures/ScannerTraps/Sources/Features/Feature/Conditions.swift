import Core

#if false
import Networking
#endif
