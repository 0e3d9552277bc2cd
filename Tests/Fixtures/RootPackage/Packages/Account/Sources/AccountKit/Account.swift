import BrowserCore
import BrowserUI

public struct Account {
    public var home: Page
    public var view: PageView
}
