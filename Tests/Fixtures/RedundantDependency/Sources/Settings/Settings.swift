import IOSKit

public let settingsView = IOSKitView()
