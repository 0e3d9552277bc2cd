// Nested and chained conditions, including clauses no build can take.
#if true
import AlwaysA
#elseif os(Linux)
import NeverBecauseEarlierIsTrue
#else
import NeverElse
#endif

#if os(Linux)
  #if canImport(Foundation)
    import NestedLinuxFoundation
  #else
    import NestedLinuxNoFoundation
  #endif
#endif

#if !os(Linux) && !os(macOS)
import NeitherPlatform
#endif

#if (os(Linux) || os(Android)) && !false
import ParenthesizedCondition
#endif

#if (os(iOS) ||
    os(Linux))
import ContinuedCondition
#endif

#if swift(>=5) /* language mode */
import SwiftFive
#endif

#if swift(>=99)
import SwiftNinetyNine
#endif

#if _endian(little)
import LittleEndian
#endif

#if targetEnvironment(simulator)
import Simulator
#endif
