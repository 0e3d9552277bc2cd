import StatusKit
import DesignSystem
import Env
import Models

public enum TimelineMarker {}
