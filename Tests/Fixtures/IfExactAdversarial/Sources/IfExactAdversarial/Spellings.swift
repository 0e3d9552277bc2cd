#if targetEnvironment(macabi)
import MacabiSpelling
#endif
#if os(OSX) || os(xrOS)
import OldOSNames
#endif
#if os(macCatalyst) || os(Darwin) || os(linux)
import NotOSNames
#endif
#if arch(aarch64)
import AArch64Spelling
#endif
#if $Macros && $StrictConcurrency
import DollarFeatures
#elseif $Macros
import DollarMacrosOnly
#endif
#if $NoSuchFeatureAnywhere
import DollarUnknown
#endif
#if hasAttribute(retroactive) && !hasAttribute(NoSuchAttribute)
import Attributes
#endif
#if _ptrauth(_none) && !_ptrauth(_arm64e)
import PointerAuthentication
#endif
