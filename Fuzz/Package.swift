// swift-tools-version:6.0
// libFuzzer targets for Rulebook's untrusted-input paths; see README.md. Not built by CI
// (instrumenting swift-syntax takes minutes); build it with
//   swift build --package-path Fuzz -c release -Xswiftc -sanitize=fuzzer
import Foundation
import PackageDescription

/// The root package is `..`; SwiftPM names a path dependency after its folder.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let rootIdentity = root.lastPathComponent

/// SwiftPM links executables with `--defsym main=<module>_main`, so libFuzzer's own `main`
/// is bypassed: each target's `main.swift` starts libFuzzer through `LLVMFuzzerRunDriver`.
/// GNU gold aborts on that duplicate `main`; lld takes the `--defsym`.
let linkWithLLD: [LinkerSetting] = [.unsafeFlags(["-Xclang-linker", "-fuse-ld=lld"])]

let package = Package(
    name: "RulebookFuzz",
    dependencies: [
        .package(path: ".."),
        // The root package's version: the harness parses again to check the nesting gate.
        .package(url: "https://github.com/swiftlang/swift-syntax", from: "603.0.1"),
    ],
    targets: [
        .target(name: "CLibFuzzer"),
        .executableTarget(
            name: "FuzzEnvelope",
            dependencies: [
                "CLibFuzzer", .product(name: "RulebookCore", package: rootIdentity),
                .product(name: "RulebookWire", package: rootIdentity),
            ],
            linkerSettings: linkWithLLD),
        .executableTarget(
            name: "FuzzSwiftFrontEnd",
            dependencies: [
                "CLibFuzzer",
                .product(name: "RulebookCore", package: rootIdentity),
                .product(name: "RulebookSwiftSource", package: rootIdentity),
                .product(name: "RulebookWire", package: rootIdentity),
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "SwiftSyntax", package: "swift-syntax"),
            ],
            linkerSettings: linkWithLLD),
    ]
)
