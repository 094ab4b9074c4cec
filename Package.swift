// swift-tools-version:6.1
import PackageDescription

/// The parser and syntax tree the Swift front end (and its tests) read sources with.
let swiftSyntax: [Target.Dependency] = [
    .product(name: "SwiftSyntax", package: "swift-syntax"),
    .product(name: "SwiftParser", package: "swift-syntax"),
]

/// What `rulebook check` runs: the command and the workers it starts beside itself.
let rulebookTools: [Target.Dependency] = ["rulebook", "rulebook-validator", "rulebook-persister"]

let package = Package(
    name: "Rulebook",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "rulebook", targets: ["rulebook"]),
        .executable(name: "rulebook-producer", targets: ["rulebook-producer"]),
        .executable(name: "rulebook-validator", targets: ["rulebook-validator"]),
        .executable(name: "rulebook-persister", targets: ["rulebook-persister"]),
        .library(name: "RulebookCore", targets: ["RulebookCore"]),
        .library(name: "RulebookWire", targets: ["RulebookWire"]),
        .library(name: "RulebookSwiftSource", targets: ["RulebookSwiftSource"]),
        .plugin(name: "RulebookCommandPlugin", targets: ["RulebookCommandPlugin"]),
        .plugin(name: "RulebookBuildToolPlugin", targets: ["RulebookBuildToolPlugin"]),
    ],
    // PostgreSQL as a store (`--db postgresql://…`) builds vapor/postgres-nio and its TLS
    // stack: it more than doubles a first build (BENCHMARKS.md), which every user of the
    // plugins would pay for a store they do not use. Off by default: `swift build --traits
    // PostgreSQL`, or a dependency's `traits: ["PostgreSQL"]`, turns it on.
    traits: [
        .trait(name: "PostgreSQL", description: "Run history in PostgreSQL: --db and RULEBOOK_DB take postgresql:// URLs."),
        .default(enabledTraits: []),
    ],
    dependencies: [
        // Up to the next minor version only: the front end reads the raw tree through
        // SwiftSyntax's `RawSyntax` SPI, which minor versions may change.
        .package(url: "https://github.com/swiftlang/swift-syntax", .upToNextMinor(from: "603.0.1")),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/HdrHistogram/hdrhistogram-swift", from: "0.2.0"),
        .package(url: "https://github.com/modelcontextprotocol/swift-sdk", from: "0.12.1"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        .systemLibrary(
            name: "CZeroMQ",
            pkgConfig: "libzmq",
            providers: [.apt(["libzmq3-dev"])]
        ),
        .target(name: "ZeroMQ", dependencies: ["CZeroMQ"]),
        .target(name: "RulebookCore"),
        .target(name: "RulebookWire", dependencies: ["RulebookCore"]),
        .target(
            name: "RulebookSwiftSource",
            dependencies: ["RulebookCore"] + swiftSyntax
        ),
        .target(
            name: "RulebookStore",
            dependencies: ["RulebookCore", "RulebookWire", .product(name: "GRDB", package: "GRDB.swift")]
        ),
        .target(
            name: "RulebookPostgresStore",
            dependencies: [
                "RulebookCore", "RulebookWire", "RulebookStore",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "RulebookPipeline",
            dependencies: [
                "RulebookCore", "RulebookWire", "RulebookSwiftSource", "RulebookStore", "ZeroMQ",
                .target(name: "RulebookPostgresStore", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Yams", package: "Yams"),
            ]
        ),
        // `rulebook mcp`: the rulebook as a Model Context Protocol server for coding agents.
        .target(
            name: "RulebookMCP",
            dependencies: [
                "RulebookCore", "RulebookPipeline", "RulebookWire", "RulebookSwiftSource",
                .product(name: "MCP", package: "swift-sdk"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .target(
            name: "RulebookLSP",
            dependencies: ["RulebookCore", "RulebookPipeline", .product(name: "Logging", package: "swift-log")]
        ),
        .target(
            name: "RulebookCLI",
            dependencies: [
                "RulebookCore", "RulebookPipeline", "RulebookWire", "RulebookSwiftSource", "RulebookMCP", "RulebookLSP", "RulebookStore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        .executableTarget(name: "rulebook-producer", dependencies: ["RulebookCLI"]),
        .executableTarget(name: "rulebook-validator", dependencies: ["RulebookCLI"]),
        .executableTarget(name: "rulebook-persister", dependencies: ["RulebookCLI"]),
        .executableTarget(name: "rulebook", dependencies: ["RulebookCLI"]),
        .executableTarget(
            name: "rulebook-bench",
            dependencies: [
                "RulebookCore", "RulebookStore", "RulebookPipeline", "RulebookWire", "RulebookSwiftSource", "ZeroMQ",
                .product(name: "SwiftParser", package: "swift-syntax"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Histogram", package: "hdrhistogram-swift"),
            ]
        ),
        // The plugins run `rulebook check`, which starts its workers from its own folder.
        .plugin(
            name: "RulebookCommandPlugin",
            capability: .command(
                intent: .custom(verb: "rulebook", description: "Check the package's TCA features against the architecture rulebook"),
                permissions: []),
            dependencies: rulebookTools),
        .plugin(name: "RulebookBuildToolPlugin", capability: .buildTool(), dependencies: rulebookTools),
        .testTarget(name: "ZeroMQTests", dependencies: ["ZeroMQ", "CZeroMQ"]),
        // SwiftParser reads the domain's own sources in DomainPurityTests.
        .testTarget(name: "RulebookCoreTests", dependencies: ["RulebookCore"] + swiftSyntax),
        .testTarget(name: "RulebookWireTests", dependencies: ["RulebookCore", "RulebookWire"]),
        .testTarget(name: "RulebookSwiftSourceTests", dependencies: ["RulebookCore", "RulebookSwiftSource", "RulebookWire"] + swiftSyntax),
        .testTarget(
            name: "RulebookStoreTests",
            dependencies: ["RulebookCore", "RulebookStore", "RulebookWire", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "RulebookPipelineTests",
            dependencies: [
                "RulebookCore", "RulebookStore", "RulebookSwiftSource", "RulebookPipeline", "RulebookWire", "ZeroMQ",
                .product(name: "Logging", package: "swift-log"),
            ]),
        .testTarget(
            name: "RulebookMCPTests",
            dependencies: ["RulebookCore", "RulebookMCP", "RulebookWire", "RulebookSwiftSource", .product(name: "MCP", package: "swift-sdk")]),
        .testTarget(name: "RulebookLSPTests", dependencies: ["RulebookLSP", "RulebookCore"]),
        .testTarget(
            name: "RulebookPostgresStoreTests",
            dependencies: [
                "RulebookCore", "RulebookStore", "RulebookPostgresStore", "RulebookPipeline", "RulebookWire",
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ]),
    ]
)
