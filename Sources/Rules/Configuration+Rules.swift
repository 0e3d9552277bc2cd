import Configuration
import Diagnostics

extension Configuration {
    /// The severity `rule` reports at: the configured one, else its default; nil when it is off.
    package func severity(of rule: RuleDescription) -> Severity? {
        severity(ofRule: rule.id, default: rule.defaultSeverity)
    }
}
