// After the fix: both link PromisesDynamic, a `.dynamic` product that re-exports PromiseKit, so the
// process holds one copy; importing PromiseKit through it is declared.
import FixedKit
import PromiseKit
