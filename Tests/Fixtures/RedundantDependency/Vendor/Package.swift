// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "Vendor",
    products: [
        .library(name: "Payments", targets: ["Payments"]),
        .library(name: "Receipts", targets: ["Receipts"]),
        .library(name: "PaymentsKit", targets: ["Payments", "Receipts"]),
    ],
    targets: [
        .target(name: "Payments"),
        .target(name: "Receipts"),
    ]
)
