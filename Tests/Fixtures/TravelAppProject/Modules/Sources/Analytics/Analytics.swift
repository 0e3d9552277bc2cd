public enum Analytics {
    public static func track(_ event: String) {}
}
