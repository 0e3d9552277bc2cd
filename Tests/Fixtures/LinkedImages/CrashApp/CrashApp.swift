// Before the fix: a remote static library linked by the app and by the framework it embeds, with
// Xcode's diamond check silenced (DISABLE_DIAMOND_PROBLEM_DIAGNOSTIC = YES): both copies ship.
import CrashKit
import PromiseKit
