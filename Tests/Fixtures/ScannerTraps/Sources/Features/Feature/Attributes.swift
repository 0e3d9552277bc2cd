// The target is named Legacy-Bridge; Swift spells its module Legacy_Bridge.
@preconcurrency
import Legacy_Bridge

let bridge = Bridge()
