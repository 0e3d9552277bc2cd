import Networking
import Models

public enum Search { public static let name = Networking.name + Models.name }
