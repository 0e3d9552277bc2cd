// swift-tools-version:6.0
// Conditions written to probe how `#if` is decided: every form, every platform, nesting,
// `#elseif` chains, operators and precedence. `IfExactOracleTests` compares Bulkhead's decision
// for each import with the compiler's, per target triple, configuration and language mode.
import PackageDescription

let package = Package(
    name: "IfExactAdversarial",
    targets: [.target(name: "IfExactAdversarial")]
)
