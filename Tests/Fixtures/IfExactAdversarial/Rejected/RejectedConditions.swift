// Conditions the compiler rejects, one a clause: `IfExactOracleTests` checks that swiftc reports
// an error on exactly the lines where Bulkhead reports one, in the words Bulkhead quotes.
// Not under Sources/: a file that does not compile would fail every decision run.
#if compiler(>5)
import Rejected0
#endif
#if compiler(<=5)
import Rejected1
#endif
#if compiler(5)
import Rejected2
#endif
#if compiler(>=5.x)
import Rejected3
#endif
#if swift(>5)
import Rejected4
#endif
#if swift("5")
import Rejected5
#endif
#if swift(>="5")
import Rejected6
#endif
#if swift(>=5_0)
import Rejected7
#endif
#if swift(>=-5)
import Rejected8
#endif
#if swift(>= 5)
import Rejected9
#endif
#if swift(>=5, >=4)
import Rejected10
#endif
#if DEBUG == true
import Rejected11
#endif
#if DEBUG != true
import Rejected12
#endif
#if DEBUG = true
import Rejected13
#endif
#if DEBUG & SWIFT_PACKAGE
import Rejected14
#endif
#if DEBUG ? true : false
import Rejected15
#endif
#if true as Bool
import Rejected16
#endif
#if _pointerBitWidth(64)
import Rejected17
#endif
#if _pointerBitWidth(_sixty)
import Rejected18
#endif
#if _hasAtomicBitWidth(64)
import Rejected19
#endif
#if _runtime(ObjC)
import Rejected20
#endif
#if _runtime(Native)
import Rejected21
#endif
#if _runtime(_objc)
import Rejected22
#endif
#if os()
import Rejected23
#endif
#if os(Linux, iOS)
import Rejected24
#endif
#if os(x: Linux)
import Rejected25
#endif
#if os("Linux")
import Rejected26
#endif
#if os(Linux.X)
import Rejected27
#endif
#if arch()
import Rejected28
#endif
#if targetEnvironment()
import Rejected29
#endif
#if _ptrauth()
import Rejected30
#endif
#if _endian()
import Rejected31
#endif
#if hasFeature("x")
import Rejected32
#endif
#if hasFeature(A, B)
import Rejected33
#endif
#if hasFeature(A.B)
import Rejected34
#endif
#if hasAttribute()
import Rejected35
#endif
#if canImport()
import Rejected36
#endif
#if canImport(Foundation, 1)
import Rejected37
#endif
#if canImport(Foundation, _version: x)
import Rejected38
#endif
#if canImport(Foundation, _version: 1, _version: 2)
import Rejected39
#endif
#if canImport(x: Foundation)
import Rejected40
#endif
#if canImport("A")
import Rejected41
#endif
#if canImport(Foundation, _version: "")
import Rejected42
#endif
#if unknownFunction(x)
import Rejected43
#endif
#if $Foo(x)
import Rejected44
#endif
#if _objectFileFormat(ELF)
import Rejected45
#endif
#if 1
import Rejected46
#endif
#if 0
import Rejected47
#endif
#if 2
import Rejected48
#endif
#if "a"
import Rejected49
#endif
#if DEBUG.foo
import Rejected50
#endif
#if -DEBUG
import Rejected51
#endif
#if !!DEBUG
import Rejected52
#endif
#if ! DEBUG
import Rejected53
#endif
#if &&DEBUG
import Rejected54
#endif
#if (DEBUG, SWIFT_PACKAGE)
import Rejected55
#endif
#if ()
import Rejected56
#endif
#if [true]
import Rejected57
#endif
#if DEBUG;
import Rejected58
#endif
#if true false
import Rejected59
#endif
#if os(Linux) os(iOS)
import Rejected60
#endif
#if os(Linux)os(iOS)
import Rejected61
#endif
#if DEBUG &&SWIFT_PACKAGE
import Rejected62
#endif
#if DEBUG&& SWIFT_PACKAGE
import Rejected63
#endif
#if DEBUG &&!SWIFT_PACKAGE
import Rejected64
#endif
#if os(iOS) && 1
import Rejected65
#endif
#if _compiler_version("abc")
import Rejected66
#endif
#if _compiler_version(5)
import Rejected67
#endif
#if _compiler_version("5.*.1.2.3.4")
import Rejected68
#endif
#if _compiler_version("10000000000.*")
import Rejected69
#endif
#if _compiler_version("5.*.1000")
import Rejected70
#endif
#if _compiler_version("")
import Rejected71
#endif
#if os(Linux)
&& DEBUG
import ContinuedWithAnd
#endif
#if os(Linux) // a comment, then a blank line

|| DEBUG
import ContinuedWithOr
#endif
#if os(Linux)
&&DEBUG
#endif
#if compiler(>=99)
#if DEBUG == true
import NestedInUnparsedClause
#endif
#elseif DEBUG == true
import ElseifOfTheChainIsRead
#endif
#if os(Windows)
#if DEBUG == true
import NestedInInactiveClauseIsRead
#endif
#endif
#if compiler(>=99)
&& DEBUG
#endif
