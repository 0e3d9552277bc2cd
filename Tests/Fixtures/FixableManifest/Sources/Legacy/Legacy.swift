public enum Legacy {}
