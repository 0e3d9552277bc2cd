import Localizations
import NetworkKit
#if NETP_SYSTEM_EXTENSION
import SystemExtensionManager
#else
import LegacyVPN
#endif
#if os(iOS)
import MobileOnlyKit
#endif

@main struct ConfiguredApp {
    static func main() {}
}
