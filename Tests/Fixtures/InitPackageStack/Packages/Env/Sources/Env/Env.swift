import Models
import NetworkClient

public enum EnvMarker {}
