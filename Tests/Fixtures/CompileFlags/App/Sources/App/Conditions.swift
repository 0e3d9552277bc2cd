// Each import below is compiled only when its condition holds in this target's build.
// `CompileFlagsOracleTests` builds the packages with `swift build -v`, asks swiftc which of
// these imports each target's flags compile (the comment renames the import for it), and
// compares Bulkhead's decision for every one.
#if PLAIN
import Foundation // C0
#endif
#if VALUED
import Foundation // C1
#endif
#if ON_LINUX
import Foundation // C2
#endif
#if ON_IOS
import Foundation // C3
#endif
#if IN_RELEASE
import Foundation // C4
#endif
#if WITH_LOGGING
import Foundation // C5
#endif
#if WITH_UNUSED
import Foundation // C6
#endif
#if WITH_EITHER
import Foundation // C7
#endif
#if WITH_FAST
import Foundation // C8
#endif
#if UNSAFE
import Foundation // C9
#endif
#if SPACED
import Foundation // C10
#endif
#if UNSAFE_VALUED
import Foundation // C11
#endif
#if Fast
import Foundation // C12
#endif
#if Logging
import Foundation // C13
#endif
#if Full
import Foundation // C14
#endif
#if Unused
import Foundation // C15
#endif
#if Verbose
import Foundation // C16
#endif
#if Quiet
import Foundation // C17
#endif
#if APP_VERBOSE
import Foundation // C18
#endif
#if APP_QUIET
import Foundation // C19
#endif
#if DEBUG
import Foundation // C20
#endif
#if SWIFT_PACKAGE
import Foundation // C21
#endif
#if SWIFT_MODULE_RESOURCE_BUNDLE_AVAILABLE
import Foundation // C22
#endif
#if SWIFT_MODULE_RESOURCE_BUNDLE_UNAVAILABLE
import Foundation // C23
#endif
#if swift(>=4.2)
import Foundation // C24
#endif
#if swift(>=5)
import Foundation // C25
#endif
#if swift(<5)
import Foundation // C26
#endif
#if swift(>=5.10)
import Foundation // C27
#endif
#if swift(>=6)
import Foundation // C28
#endif
#if compiler(>=6)
import Foundation // C29
#endif
#if hasFeature(ApproachableConcurrency)
import Foundation // C30
#endif
#if hasFeature(NoSuchFeature)
import Foundation // C31
#endif
#if hasFeature(Embedded)
import Foundation // C32
#endif
#if hasFeature(ExistentialAny)
import Foundation // C33
#endif
#if hasFeature(StrictConcurrency)
import Foundation // C34
#endif
#if hasFeature(GlobalConcurrency)
import Foundation // C35
#endif
#if hasFeature(RegionBasedIsolation)
import Foundation // C36
#endif
#if hasFeature(AccessLevelOnImport)
import Foundation // C37
#endif
#if hasFeature(MemberImportVisibility)
import Foundation // C38
#endif
#if hasFeature(InternalImportsByDefault)
import Foundation // C39
#endif
#if hasFeature(ImmutableWeakCaptures)
import Foundation // C40
#endif
#if hasFeature(InferIsolatedConformances)
import Foundation // C41
#endif
#if hasFeature(NonisolatedNonsendingByDefault)
import Foundation // C42
#endif
#if hasFeature(DisableOutwardActorInference)
import Foundation // C43
#endif
#if hasFeature(StrictMemorySafety)
import Foundation // C44
#endif
#if hasFeature(NonfrozenEnumExhaustivity)
import Foundation // C45
#endif
#if hasFeature(ConciseMagicFile)
import Foundation // C46
#endif

public let appConditions = 0
