#if canImport(SomeVendorSDK)
import MacOnly
#endif
