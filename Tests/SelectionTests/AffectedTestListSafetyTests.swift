import Selection
import TestSupport
import Testing

/// Names that `xcodebuild` and `swift test` arguments carry: plain ones only.
@Suite(.tags(.small)) struct AffectedTestListSafetyTests {
    @Test(arguments: ["AppTests", "App_Tests", "App.Tests", "App-Tests", "A1"])
    func plainNamesPass(name: String) {
        #expect(AffectedTestList.isPlain(name))
    }

    @Test(arguments: ["", "T x", "T\nx", "T x -resultBundlePath /tmp/inj", "$(rm -rf ~)", "T;x", "T'x", "T\"x", "Tést", "T*", "T\u{1B}"])
    func namesAShellOrAToolCouldSplitAreNot(name: String) {
        #expect(!AffectedTestList.isPlain(name))
    }
}
