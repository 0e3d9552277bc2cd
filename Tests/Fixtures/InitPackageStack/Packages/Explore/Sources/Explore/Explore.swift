import StatusKit
import Timeline
import Env
import Models

public enum ExploreMarker {}
