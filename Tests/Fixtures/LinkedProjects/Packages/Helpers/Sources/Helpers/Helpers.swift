public func help() {}
