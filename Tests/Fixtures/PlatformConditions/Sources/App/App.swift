import Core
#if os(macOS)
import MacOnly
#endif
#if DEBUG
import FeatureTesting
#endif
#if canImport(UIKit)
import Core
#else
import MacOnly
#endif
