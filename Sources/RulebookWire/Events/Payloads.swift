import Foundation
import RulebookCore

/// `dev.rulebook.spec.submitted`: one feature to check. The event's `source` + `id` is the spec id.
public struct SpecSubmitted: EventPayload, Hashable {
    public static let eventType = EventType.specSubmitted
    /// The feature's name (`Login`).
    public var feature: String
    /// Swift files or a declared spec.
    public var origin: SpecOrigin
    /// The Swift files of the feature (origin `swift-source`).
    public var files: [SourceFile]?
    /// The declared description (origin `declared`).
    public var declared: DeclaredSpec?
    /// The submitter's rule configuration (default: every default rule, dialect detected).
    public var config: RuleConfiguration?
    /// What the rest of the project says about the spec's Swift files (a declared spec
    /// carries its own, ``DeclaredSpec/project``); `nil` for a spec checked on its own.
    public var project: ProjectContext?

    public init(
        feature: String, origin: SpecOrigin, files: [SourceFile]? = nil, declared: DeclaredSpec? = nil,
        config: RuleConfiguration? = nil, project: ProjectContext? = nil
    ) {
        self.feature = feature
        self.origin = origin
        self.files = files
        self.declared = declared
        self.config = config
        self.project = project
    }
}

/// `dev.rulebook.spec.validated`: the findings for one spec.
public struct SpecValidated: EventPayload, Hashable {
    public static let eventType = EventType.specValidated
    /// Id of the `spec.submitted` event.
    public var specId: String
    /// Source of the `spec.submitted` event.
    public var specSource: String
    /// The feature's name.
    public var feature: String
    /// Where the spec came from.
    public var origin: SpecOrigin
    /// Detected or declared dialect.
    public var dialect: Dialect
    /// Findings, sorted by location.
    public var findings: [Finding]
    /// The validator that checked it.
    public var validator: String
    /// Time spent validating, in microseconds.
    public var durationMicros: Int

    public init(
        specId: String, specSource: String, feature: String, origin: SpecOrigin, dialect: Dialect,
        findings: [Finding], validator: String, durationMicros: Int
    ) {
        self.specId = specId
        self.specSource = specSource
        self.feature = feature
        self.origin = origin
        self.dialect = dialect
        self.findings = findings
        self.validator = validator
        self.durationMicros = durationMicros
    }
}

/// Which worker rejected a message.
public enum RejectionStage: String, Codable, Sendable {
    case intake, validator, persister
}

/// `dev.rulebook.spec.rejected`: a message that could not be checked, with its taxonomy code.
public struct SpecRejected: EventPayload, Hashable {
    public static let eventType = EventType.specRejected
    /// Id of the rejected event, when it could be read.
    public var specId: String?
    /// Source of the rejected event, when it could be read.
    public var specSource: String?
    /// Taxonomy code (`RB104`).
    public var code: String
    /// What was wrong and what to do.
    public var message: String
    /// Where it was rejected.
    public var stage: RejectionStage
    /// The first bytes of the message (lossy UTF-8), to help find the sender.
    public var excerpt: String?

    public init(
        specId: String?, specSource: String?, error: RulebookError, stage: RejectionStage,
        excerpt: String? = nil
    ) {
        self.specId = specId
        self.specSource = specSource
        self.code = error.code
        self.message = error.message
        self.stage = stage
        self.excerpt = excerpt
    }
}

/// `dev.rulebook.run.opened`: a run starts; tells the persister how many specs to expect.
public struct RunOpened: EventPayload, Hashable {
    public static let eventType = EventType.runOpened
    /// The run's id.
    public var runId: String
    /// How many specs the run holds, or `nil` for an open-ended service run.
    public var expectedSpecs: Int?
    /// What started it (`rulebook check`, `rulebook-producer serve`).
    public var tool: String
    /// The paths scanned, if any.
    public var paths: [String]
    /// ``RuleRegistry/version`` of the producer.
    public var ruleSetVersion: String

    public init(runId: String, expectedSpecs: Int?, tool: String, paths: [String], ruleSetVersion: String = RuleRegistry.version) {
        self.runId = runId
        self.expectedSpecs = expectedSpecs
        self.tool = tool
        self.paths = paths
        self.ruleSetVersion = ruleSetVersion
    }

    private enum CodingKeys: String, CodingKey {
        case runId, expectedSpecs, tool, paths, ruleSetVersion
    }

    /// Foreign tools may send just `runId` (and `expectedSpecs`); the rest defaults.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        runId = try container.decode(String.self, forKey: .runId)
        expectedSpecs = try container.decodeIfPresent(Int.self, forKey: .expectedSpecs)
        tool = try container.decodeIfPresent(String.self, forKey: .tool) ?? "unknown"
        paths = try container.decodeIfPresent([String].self, forKey: .paths) ?? []
        ruleSetVersion = try container.decodeIfPresent(String.self, forKey: .ruleSetVersion) ?? "unknown"
    }
}

/// `dev.rulebook.run.completed`: every expected spec of the run is stored.
public struct RunCompleted: EventPayload, Hashable {
    public static let eventType = EventType.runCompleted
    public var runId: String
    public var summary: RunSummary

    public init(runId: String, summary: RunSummary) {
        self.runId = runId
        self.summary = summary
    }
}

/// `dev.rulebook.spec.persisted`: the acknowledgement that a spec's result is stored, with
/// its verdict (the stored findings, or the rejection's code), so a client that pushed a
/// spec learns the outcome from this one event.
public struct SpecPersisted: EventPayload, Hashable {
    public static let eventType = EventType.specPersisted
    public var runId: String
    public var specId: String
    public var specSource: String
    /// What is stored for the spec (for a duplicate: what the first copy stored).
    public var status: SpecStatus
    /// `true` when the spec was already stored and this copy was counted, not stored.
    public var duplicate: Bool
    /// The feature's name (validated specs).
    public var feature: String?
    /// The stored findings, sorted by location (validated specs).
    public var findings: [Finding]?
    /// The taxonomy code (rejected specs).
    public var code: String?
    /// What was wrong and what to do (rejected specs).
    public var message: String?

    public init(
        runId: String, specId: String, specSource: String, status: SpecStatus, duplicate: Bool,
        feature: String? = nil, findings: [Finding]? = nil, code: String? = nil, message: String? = nil
    ) {
        self.runId = runId
        self.specId = specId
        self.specSource = specSource
        self.status = status
        self.duplicate = duplicate
        self.feature = feature
        self.findings = findings
        self.code = code
        self.message = message
    }
}

/// The role of a worker process.
public enum WorkerRole: String, Codable, Sendable {
    case producer, validator, persister
}

/// The most recent message a worker rejected, as its heartbeat reports it.
public struct RecentError: Codable, Hashable, Sendable {
    /// Taxonomy code (`RB104`).
    public var code: String
    /// What was wrong.
    public var message: String
    /// When it happened (RFC 3339).
    public var time: String

    public init(code: String, message: String, time: String) {
        self.code = code
        self.message = message
        self.time = time
    }

    /// The error as it happens now.
    public init(_ error: RulebookError, at date: Date = Date()) {
        self.init(code: error.code, message: error.message, time: Timestamp.string(from: date))
    }
}

/// `dev.rulebook.worker.heartbeat`: a worker is alive, with its counters. Counters count
/// since the worker started; the optional ones are sent by the roles they concern.
public struct WorkerHeartbeat: EventPayload, Hashable {
    public static let eventType = EventType.workerHeartbeat
    /// Unique worker name (`validator-host-1234`).
    public var worker: String
    public var role: WorkerRole
    public var pid: Int
    /// Messages received since start.
    public var received: Int
    /// Specs forwarded to validators (producer), validated (validator) or results stored,
    /// duplicates included (persister), since start.
    public var processed: Int
    /// Messages rejected since start (persister: every rejection it stored, from any stage).
    public var rejected: Int
    /// Milliseconds until the next heartbeat.
    public var intervalMillis: Int
    /// Specs forwarded and not yet acknowledged by the persister (producer).
    public var queueDepth: Int?
    /// Specs sent again because their ack was late (producer).
    public var resent: Int?
    /// Specs stored for the first time (persister).
    public var stored: Int?
    /// Results that arrived for an already stored spec and were only counted (persister).
    public var duplicates: Int?
    /// The latest rejection (persister: the latest it stored, from any stage).
    public var lastError: RecentError?

    public init(
        worker: String, role: WorkerRole, pid: Int, received: Int, processed: Int, rejected: Int, intervalMillis: Int,
        queueDepth: Int? = nil, resent: Int? = nil, stored: Int? = nil, duplicates: Int? = nil, lastError: RecentError? = nil
    ) {
        self.worker = worker
        self.role = role
        self.pid = pid
        self.received = received
        self.processed = processed
        self.rejected = rejected
        self.intervalMillis = intervalMillis
        self.queueDepth = queueDepth
        self.resent = resent
        self.stored = stored
        self.duplicates = duplicates
        self.lastError = lastError
    }
}
