import BrowserCore
import AccountKit

public struct PageView {
    public var page: Page
}
