// Clauses the compiler never parses: a false version check turns them off, and a true one turns
// off the clauses after it. What they hold must not reach past their clause.
#if compiler(>=99)
func unbalanced() {
    let line = "unterminated
    let interpolated = "\(call(
    let pattern = #/unterminated
    @available(
#if DEBUG == true && _runtime(ObjC)
import InsideUnparsedClause
#endif
    import InsideBody
import
#endif
import AfterUnparsedCompilerCheck
#if swift(>=99)
}}}
#elseif compiler(>=99)
struct Open {
#else
import ElseOfVersionChain
#endif
import AfterClosingBraces
#if compiler(>=1)
import ActiveVersionCheck
#elseif os(Windows)
func neverParsed() {
#else
let neverClosed = "open
#endif
import AfterActiveVersionCheck
#if compiler(>=1) || os(Windows)
import ShortCircuitedOr
#else
enum NeverParsed {
#endif
import AfterShortCircuitedOr
#if os(Windows) && compiler(>=99)
enum AlsoNeverParsed {
#elseif !compiler(>=1)
class NeverParsedEither {
#endif
import AfterConjunction
func body() {
    #if swift(<1)
    }}
    #endif
}
import AfterBody
#if compiler(>=1)
import OuterActive
  #if os(Linux)
import NestedLinux
  #endif
#else
  #if os(Linux) &&
  #endif
#endif
