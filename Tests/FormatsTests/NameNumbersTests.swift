import TestSupport
import Testing
@testable import Formats

/// Names are numbered in the order first met, the same name always the same number.
@Suite(.tags(.small)) struct NameNumbersTests {
    @Test func numbersNamesInTheOrderFirstMet() {
        var numbering = NameNumbers(capacity: 2)
        let numbers = ["Kit", "App", "Kit", "Café", "Cafe\u{301}", "App"].map { numbering.number(of: $0) }
        // "Café" and its decomposed spelling are one name, as `String` compares them.
        #expect(numbers == [0, 1, 0, 2, 2, 1])
        #expect(numbering.names == ["Kit", "App", "Café"])
        #expect(numbering.existingNumber(of: "App") == 1)
        #expect(numbering.existingNumber(of: "Missing") == nil)
        #expect(numbering.names.count == 3, "asking for a missing name numbers nothing")
    }
}
