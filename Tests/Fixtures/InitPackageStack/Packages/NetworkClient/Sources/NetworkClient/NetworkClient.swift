import Models

public enum NetworkClientMarker {}
