import Core
#if INTERNAL_MENU
import FeatureTesting
#endif
#if targetEnvironment(simulator)
import MacOnly
#endif
