import Networking
import Store

// Two copies of Session.shared in one process: this is false at run time.
print(Session.shared === Store().session)
