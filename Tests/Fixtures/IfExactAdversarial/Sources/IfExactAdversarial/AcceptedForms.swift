// Near misses the compiler accepts and decides: a trailing comma, backticks, spaces before the
// arguments, operators bound on both sides, the underscored runtime and bit-width spellings.
#if os(Linux,)
import TrailingComma
#endif
#if os(`Linux`) || `DEBUG`
import Backticks
#endif
#if os (Linux) && arch (x86_64)
import SpaceBeforeArguments
#endif
#if DEBUG&&SWIFT_PACKAGE||false
import BoundOperators
#endif
#if swift(>=5,) && swift( >=5 )
import VersionTrailingComma
#endif
#if _runtime(_ObjC)
import ObjectiveCRuntime
#elseif _runtime(_Native)
import NativeRuntime
#endif
#if _pointerBitWidth(_64) && !_pointerBitWidth(_0)
import SixtyFourBit
#endif
#if _endian(little) && !targetEnvironment(simulator)
import LittleEndianDevice
#endif
#if canImport(Darwin,) || canImport(`Glibc`)
import CanImportSpellings
#endif
