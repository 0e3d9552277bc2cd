import Models

public enum Networking { public static let name = "net" + Models.name }
