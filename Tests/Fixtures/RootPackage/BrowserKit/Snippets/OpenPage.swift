import BrowserCore

print(Page(address: "https://example.com").address)
