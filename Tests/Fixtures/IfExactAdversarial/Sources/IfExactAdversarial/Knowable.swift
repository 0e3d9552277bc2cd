#if canImport(Foundation, _version: 1.2)
import VersionOfToolchainModule
#endif
#if canImport(Glibc, _version: "3.1") || canImport(Darwin, _version: 1)
import QuotedVersion
#endif
#if canImport(`Foundation`)
import BacktickedName
#endif
#if canImport(`NoSuchModuleAnywhere`)
import BacktickedMissing
#endif
#if canImport(_Builtin_stddef) && canImport(_Builtin_stdint) && canImport(_Builtin_limits)
import ClangBuiltins
#endif
#if canImport(_Builtin_intrinsics)
import ClangIntrinsics
#endif
#if canImport(XcodeProjectPlugin)
import XcodeOnlyPlugin
#else
import NoXcodePlugin
#endif
#if canImport(FoundationModels)
import NewerSDKFramework
#endif
#if canImport(Foundation, _underlyingVersion: 1)
import UnderlyingVersion
#endif
