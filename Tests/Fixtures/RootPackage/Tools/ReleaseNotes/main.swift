import Foundation

print("release notes")
