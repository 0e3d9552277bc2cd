#if DEBUG
import Analytics
#endif

// Debug builds show a menu of analytics events: only the Debug configuration sets DEBUG, so the
// import is compiled, and undeclared, only there.
enum DebugMenu {}
