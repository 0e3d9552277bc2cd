public final class Session {
    public static let shared = Session()
}
