#if canImport(Musl)
import MuslBranch
#elseif canImport(Glibc)
import GlibcBranch
#elseif canImport(Darwin)
import DarwinBranch
#elseif canImport(WinSDK)
import WinSDKBranch
#elseif canImport(Android)
import AndroidBranch
#else
import NoLibcBranch
#endif
#if canImport(Darwin.NoSuchSubmodule) || canImport(Glibc.NoSuchSubmodule)
import NoSuchSubmodules
#endif
#if canImport(NoSuchModuleAnywhere.Sub)
import MissingModuleSubmodule
#endif
#if canImport(Foundation, _version: 1) && canImport(NoSuchModuleAnywhere, _underlyingVersion: 2)
import VersionedCanImport
#endif
#if canImport(AppKit) && canImport(UIKit)
import AppKitAndUIKit
#endif
#if canImport(CoreFoundation) && !canImport(Darwin)
import OpenCoreFoundation
#endif
#if canImport(_Differentiation)
import Differentiation
#endif
#if canImport(SwiftShims) && canImport(CDispatch) && canImport(DispatchIntrospection) && canImport(Runtime)
import LinuxToolchainInternals
#endif
#if canImport(WASILibc)
import WASIBranch
#endif
