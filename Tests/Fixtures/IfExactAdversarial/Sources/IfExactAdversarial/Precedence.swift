#if true || false && false
import OrBindsLooser
#endif
#if !true || true
import NotBindsTighter
#endif
#if !(true || true) && false || !false
import Grouped
#endif
#if ((((os(Linux)))))
import DeepParentheses
#endif
#if !(!(!os(iOS)))
import TripleNot
#endif
#if os(iOS)
  #if targetEnvironment(simulator)
    #if arch(x86_64)
import IntelSimulator
    #elseif arch(arm64)
import ArmSimulator
    #endif
  #elseif targetEnvironment(macCatalyst)
import Catalyst
  #else
import Device
  #endif
#elseif os(watchOS) && _pointerBitWidth(_32)
import WatchThirtyTwo
#elseif os(watchOS) || os(tvOS) || os(visionOS)
import OtherApple
#elseif os(macOS) && (arch(arm64) || arch(x86_64)) && _runtime(_ObjC)
import Mac
#elseif os(Linux) && _runtime(_Native) && _endian(little) && !_endian(big)
import Linux
#elseif os(Windows)
import Windows
#elseif os(Android)
import Android
#endif
#if DEBUG && SWIFT_PACKAGE || RELEASE_FLAG_NEVER_SET
import DebugPackage
#elseif !DEBUG
import Release
#endif
#if _hasAtomicBitWidth(_128) && _hasAtomicBitWidth(_8)
import WideAtomics
#endif
