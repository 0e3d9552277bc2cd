// swift-tools-version: 5.9
// A test input of BrowserKit's tests: skipped by discovery unless workspace.include names it.
import PackageDescription

let package = Package(name: "Sample", targets: [.target(name: "Sample")])
