
public enum ModelsMarker {}
