#if compiler(>=6.3.1)
import CompilerPatch
#endif
#if compiler(>=6.3.2)
import CompilerNextPatch
#elseif compiler(>=6.3)
import CompilerMinor
#else
import CompilerOlder
#endif
#if swift(>=6.3.1)
import SwiftPatch
#elseif swift(>=5.10.1)
import SwiftFiveTenOne
#elseif swift(>=5.10)
import SwiftFiveTen
#elseif swift(>=4.2)
import SwiftFourTwo
#elseif swift(>=4.1.50)
import SwiftFourOneFifty
#else
import SwiftOlder
#endif
#if swift(<6) && compiler(>=6)
import OldModeNewCompiler
#endif
#if !swift(>=5) || swift(>=6.0.0)
import NotFiveMode
#endif
