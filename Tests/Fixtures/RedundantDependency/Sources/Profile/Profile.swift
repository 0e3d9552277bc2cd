#if os(iOS)
import Kit

public let profileModel = Model()
#endif
