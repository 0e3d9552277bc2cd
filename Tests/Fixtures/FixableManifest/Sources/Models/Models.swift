public enum Models { public static let name = "models" }
