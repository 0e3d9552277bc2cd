#!/usr/bin/env swift
// A file that uses every construct the import scanner must understand, in valid Swift.
// import NotFromALineComment
/// import NotFromADocComment
/* import NotFromABlockComment
   /* import NotFromANestedComment */
   import StillNotFromTheOuterComment
*/
/** import NotFromADocBlock */
import Foundation; import Dispatch
@preconcurrency import Glibc
@_implementationOnly import SwiftShims
@testable
import XCTest
@_spi(Internal) @_spi(Testing)
public import struct Synchronization.Mutex
internal import func Foundation.exit
package import enum Swift.Optional
import protocol Swift.Sequence
import typealias Swift.Int

let multiLine = """
import NotFromAMultiLineString
  \"""
"""
let raw = #"import NotFromARawString "quoted" \(notInterpolated)"#
let rawMulti = ##"""
import NotFromARawMultiLineString
"""#
"""##
let interpolated = "\(multiLine.count) import NotFromInterpolation \("import NotNested")"
let extendedRegex = #/import NotFromARegex "/#
func call(import value: Int) -> Int { value }
let labelled = call(import: 1)

#if os(Linux)
import LinuxOnlyModule
#elseif os(macOS) || os(iOS)
import DarwinOnlyModule
#else
import OtherPlatformModule
#endif

#if false
import NeverImported
#endif

#if canImport(Foundation) && !os(Windows)
import CanImportFoundationModule
#endif

#if canImport(UIKit)
import UIKitOnlyModule
#endif

#if DEBUG
import DebugOnlyModule
#endif

#if compiler(>=5.0)
import NewCompilerModule
#else
import OldCompilerModule
#endif

#if arch(x86_64) || arch(arm64)
import SixtyFourBitModule
#endif

struct Holder {
    #if DEBUG
    var value = 1
    #endif
}

import `LastModule`
