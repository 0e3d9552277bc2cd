import PromiseKit

public enum FixedKit {}
