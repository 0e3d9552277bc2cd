import StatusKit
import DesignSystem
import Env
import Models
import NetworkClient

public enum AccountMarker {}
