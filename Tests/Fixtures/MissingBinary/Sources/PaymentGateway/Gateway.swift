import PaymentSDK
import CompressionShim

public enum PaymentGateway {}
