/// The part of the SARIF 2.1.0 object model that Rulebook writes (OASIS SARIF 2.1.0; the
/// subset GitHub code scanning reads). Property names are SARIF's; absent optionals are
/// left out of the JSON.
struct SARIFLog: Encodable {
    static let schemaURI = "https://json.schemastore.org/sarif-2.1.0.json"

    var version = "2.1.0"
    var runs: [Run]

    private enum CodingKeys: String, CodingKey {
        case schema = "$schema", version, runs
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(Self.schemaURI, forKey: .schema)
        try container.encode(version, forKey: .version)
        try container.encode(runs, forKey: .runs)
    }

    struct Run: Encodable {
        var tool: Tool
        var automationDetails: AutomationDetails
        var originalUriBaseIds: [String: ArtifactLocation]?
        var invocations: [Invocation]
        var columnKind = "utf16CodeUnits"
        var results: [Result]
        var properties: [String: String]
    }

    struct Tool: Encodable {
        var driver: Driver
    }

    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var informationUri: String
        var rules: [ReportingDescriptor]
    }

    struct ReportingDescriptor: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message
        var help: Message
        var defaultConfiguration: Configuration
        var properties: Properties
    }

    struct Configuration: Encodable {
        var level: String
    }

    struct Properties: Encodable {
        var tags: [String]
    }

    /// A message or multiformat message string: `text`, optionally `markdown`.
    struct Message: Encodable {
        var text: String
        var markdown: String?
    }

    struct AutomationDetails: Encodable {
        var id: String
    }

    struct Invocation: Encodable {
        var executionSuccessful: Bool
        var startTimeUtc: String?
        var endTimeUtc: String?
        var toolExecutionNotifications: [Notification]
    }

    struct Notification: Encodable {
        var level: String
        var message: Message
        var descriptor: DescriptorReference
    }

    struct DescriptorReference: Encodable {
        var id: String
    }

    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int
        var level: String
        var message: Message
        var locations: [Location]
        var partialFingerprints: [String: String]
        /// The finding's fix or suggestion (`properties.kind` says which), for Swift sources.
        var fixes: [Fix]?
    }

    /// A proposed fix: replacements in one or more files.
    struct Fix: Encodable {
        var description: Message
        var artifactChanges: [ArtifactChange]
        var properties: FixProperties
    }

    struct FixProperties: Encodable {
        /// `fix` (applied by `rulebook check --fix`) or `suggestion` (to review).
        var kind: String
    }

    struct ArtifactChange: Encodable {
        var artifactLocation: ArtifactLocation
        var replacements: [Replacement]
    }

    struct Replacement: Encodable {
        var deletedRegion: ByteRegion
        var insertedContent: ArtifactContent
    }

    /// A region by UTF-8 bytes, as a fix's edits are.
    struct ByteRegion: Encodable {
        var byteOffset: Int
        var byteLength: Int
    }

    struct ArtifactContent: Encodable {
        var text: String
    }

    struct Location: Encodable {
        var physicalLocation: PhysicalLocation
        var logicalLocations: [LogicalLocation]?
    }

    struct PhysicalLocation: Encodable {
        var artifactLocation: ArtifactLocation
        var region: Region?
    }

    struct ArtifactLocation: Encodable {
        var uri: String
        var uriBaseId: String?
    }

    struct Region: Encodable {
        var startLine: Int
        var startColumn: Int?
        var endLine: Int
        var endColumn: Int?
    }

    struct LogicalLocation: Encodable {
        var name: String
        var fullyQualifiedName: String
        var kind: String
    }
}
