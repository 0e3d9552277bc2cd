import Foundation
// import NotFromComment
let s = """
import NotFromString
"""
@testable
import CRLFTestable; import CRLFSecond
#if os(Linux)
import CRLFLinux
#endif
