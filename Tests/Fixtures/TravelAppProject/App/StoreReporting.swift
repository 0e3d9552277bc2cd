#if APPSTORE
import Analytics
#endif

// Only the Release configuration sets APPSTORE: the undeclared import holds only for release.
enum StoreReporting {}
