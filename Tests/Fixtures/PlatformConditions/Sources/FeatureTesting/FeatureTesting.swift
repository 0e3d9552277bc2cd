public struct FeatureTesting {}
