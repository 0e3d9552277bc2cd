import PromiseKit

public enum CrashKit {}
