import Env
import Models

public enum DesignSystemMarker {}
