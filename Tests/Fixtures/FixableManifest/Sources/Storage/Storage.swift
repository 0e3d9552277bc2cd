import Models

public enum Storage { public static let name = Models.name + "storage" }
