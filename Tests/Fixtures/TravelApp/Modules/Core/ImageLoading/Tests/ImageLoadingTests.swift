@testable import ImageLoading
import Testing

@Test func named() {
    #expect(ImageLoading.name == "ImageLoading")
}
