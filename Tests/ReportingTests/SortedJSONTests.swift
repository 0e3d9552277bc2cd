import TestSupport
import Testing
@testable import Reporting

/// The JSON documents' one encoder: stable bytes, and a thrown error instead of empty output.
/// The reporters' own documents hold only strings, integers and booleans, which always encode,
/// so the failure is reached here with a value they never hold.
@Suite(.tags(.small)) struct SortedJSONTests {
    struct Sample: Encodable {
        var zebra = 1
        var apple = "a/b"
        var ratio: Double
    }

    @Test func keysAreSortedSlashesKeptAndALineEnds() throws {
        #expect(try SortedJSON.text(of: Sample(ratio: 0.5), document: "sample") == "{\n  \"apple\" : \"a/b\",\n  \"ratio\" : 0.5,\n  \"zebra\" : 1\n}\n")
    }

    @Test(arguments: [Double.nan, .infinity])
    func aValueJSONCannotHoldIsAnErrorNotEmptyOutput(ratio: Double) {
        #expect {
            try SortedJSON.text(of: Sample(ratio: ratio), document: "sample")
        } throws: { error in
            guard case .unencodable(let document, let reason)? = error as? ReportError else { return false }
            return document == "sample" && !reason.isEmpty
        }
    }

    @Test func theMessageSaysNothingWasWritten() {
        let message = ReportError.unencodable(document: "sarif", reason: "x").message
        #expect(message.contains("sarif report"))
        #expect(message.contains("nothing was written"))
    }
}
