@testable import App

struct PreviewMock {}
