import AccountKit
import DesignTokens
import BrowserCore

public struct Settings {
    public var account: Account
}
