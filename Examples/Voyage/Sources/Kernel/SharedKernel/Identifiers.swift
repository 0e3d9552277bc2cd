/// A booking's identity, shared by every layer.
public struct BookingID: Hashable, Sendable {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
}

/// An amount in the currency's smallest unit, so no layer rounds money.
public struct Money: Hashable, Sendable {
    public let minorUnits: Int
    public let currency: String
    public init(minorUnits: Int, currency: String) {
        self.minorUnits = minorUnits
        self.currency = currency
    }
}
