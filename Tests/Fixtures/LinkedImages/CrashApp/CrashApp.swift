// Before the fix: a remote static library linked by the app and by the framework it embeds.
import CrashKit
import PromiseKit
