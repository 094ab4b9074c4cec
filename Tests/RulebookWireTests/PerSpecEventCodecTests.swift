import Foundation
import RulebookCore
@testable import RulebookWire
import Testing

/// The codec's fast path must produce exactly what the Foundation path produces, and leave
/// everything unusual to it.
struct PerSpecEventCodecTests {
    static let hostile = "quote \" backslash \\ slash / tab \t newline \n cr \r nul \u{0} bell \u{7} del \u{7F} é 😀 \u{2028}"

    static let declared = DeclaredSpec(
        feature: "Login", dialect: .legacy, file: "Login/\(hostile).rulebook.json",
        state: DeclaredType(
            name: "LoginState", qualifiedName: "Login.State", kind: .struct, conformances: ["Equatable"], attributes: ["ObservableState"],
            accessLevel: "public",
            properties: [
                DeclaredProperty(name: "scale", type: "CGFloat", initialValueType: "CGFloat"),
                DeclaredProperty(
                    name: "analytics", type: nil, wrappers: ["Dependency"], static: true, computed: false, dependencyKey: "analytics",
                    usesMainScheduler: true),
            ],
            methods: [DeclaredMethod(name: "reduce", static: false, takesInout: true, usesMainScheduler: false)],
            cases: [DeclaredCase(name: "a", associatedValues: [AssociatedValue(label: "x", type: hostile), AssociatedValue(type: "Int")])]),
        action: DeclaredType(name: "LoginAction", cases: [DeclaredCase(name: "tapped"), DeclaredCase(name: "x", associatedValues: [])]),
        environment: DeclaredType(name: "LoginEnvironment", kind: .class),
        types: [DeclaredType(name: "Other", kind: .protocol)],
        reducers: [
            DeclaredReducer(
                owner: "loginReducer", switches: [DeclaredSwitch(handledCases: ["tapped"], hasDefault: true, hasCatchAll: false)],
                sites: [DeclaredCodeSite(path: "print", kind: .call, insideEffect: false, statement: true, arguments: ["_"], parent: 0)],
                dependencies: [DeclaredProperty(name: "environment", type: nil)], actionType: "LoginAction",
                environmentType: "LoginEnvironment")
        ],
        views: [
            DeclaredView(
                name: "LoginView", holdsStore: true, observesViewStore: false, forwardsStore: true,
                animationModifiers: [DeclaredAnimationModifier(modifier: "scaleEffect", argument: "store.scale", readsStore: true)])
        ],
        files: [
            DeclaredFile(
                path: "Domain/Login.swift", imports: ["SwiftUI"], types: ["LoginState"], typeReferences: ["Date"],
                glassUses: [DeclaredGlassUse(api: "glassEffect", guarded: false)])
        ])

    static let finding = Finding(
        ruleId: "state-animation-value", severity: .warning, message: hostile,
        location: SourceLocation(file: "Login/LoginState.swift", line: 3, column: 9, endLine: 4, endColumn: 2), fingerprint: "abc")
    static let pointerFinding = Finding(
        ruleId: "action-generic-case", severity: .error, message: "m", location: SourceLocation(file: "x.rulebook.json", pointer: "/action/cases/1"),
        fingerprint: "def")

    static func foundationEncoded<P: EventPayload>(_ event: CloudEvent<P>) -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes, .sortedKeys]
        return Array(try! encoder.encode(event))
    }

    static var submittedDeclared: CloudEvent<SpecSubmitted> {
        CloudEvent(source: "rulebook://tests", runId: "run-1", data: SpecSubmitted(feature: "Login", origin: .declared, declared: declared))
    }

    static var submittedFiles: CloudEvent<SpecSubmitted> {
        CloudEvent(
            source: "rulebook://tests", runId: nil,
            data: SpecSubmitted(feature: "Login", origin: .swiftSource, files: [SourceFile(path: "a/b.swift", contents: "let x = \"\\(y)\"\n\t" + hostile)]))
    }

    static let context = ProjectContext(
        hasReducers: true, featureTypes: ["LoginState"], derivedEnvironments: ["LoginEnvironment"],
        directlyBuiltEnvironments: ["LoginEnvironment"], staticMembers: ["LoginEnvironment": ["live", "mock"], "Zé": ["a"], "Ab": ["b"]],
        conformances: ["LoginState": ["Equatable"]], protocols: ["FeatureState": ["Equatable"]], minimumIOSVersion: "17.0")

    /// A Swift spec as `rulebook check` sends it from a project with a `.rulebook.yml`.
    static var submittedInProject: CloudEvent<SpecSubmitted> {
        var event = submittedFiles
        event.data.config = RuleConfiguration(disabledRules: ["state-animation-value"], severities: ["reducer-side-effect": .warning])
        event.data.project = context
        return event
    }

    static var validated: CloudEvent<SpecValidated> {
        CloudEvent(
            source: "rulebook://validator", runId: "run-1",
            data: SpecValidated(
                specId: "s1", specSource: "src", feature: "Login", origin: .swiftSource, dialect: .modern, findings: [finding, pointerFinding],
                validator: "validator-1", durationMicros: 1234))
    }

    static var persisted: [CloudEvent<SpecPersisted>] {
        [
            CloudEvent(
                source: "p", runId: "r",
                data: SpecPersisted(runId: "r", specId: "s", specSource: "src", status: .validated, duplicate: false, feature: "F", findings: [finding])),
            CloudEvent(
                source: "p", runId: nil,
                data: SpecPersisted(runId: "r", specId: "s", specSource: "src", status: .rejected, duplicate: true, code: "RB104", message: hostile)),
        ]
    }

    @Test func encodesByteForByteLikeJSONEncoder() throws {
        func check<P: EventPayload>(_ event: CloudEvent<P>) throws {
            let fast = try #require(PerSpecEventCodec.encode(event))
            #expect(String(decoding: fast, as: UTF8.self) == String(decoding: Self.foundationEncoded(event), as: UTF8.self))
        }
        try check(Self.submittedDeclared)
        try check(Self.submittedFiles)
        try check(Self.submittedInProject)
        try check(Self.validated)
        for ack in Self.persisted { try check(ack) }
    }

    @Test func leavesOtherPayloadsToJSONEncoder() {
        let beat = CloudEvent(
            source: "s", runId: nil, data: WorkerHeartbeat(worker: "w", role: .validator, pid: 1, received: 0, processed: 0, rejected: 0, intervalMillis: 1))
        #expect(PerSpecEventCodec.encode(beat) == nil)
    }

    @Test func aDeclaredSpecsOwnProjectContextIsWrittenInPlace() throws {
        var declaredInProject = Self.submittedDeclared
        declaredInProject.data.declared?.project = Self.context
        let fast = try #require(PerSpecEventCodec.encode(declaredInProject))
        #expect(String(decoding: fast, as: UTF8.self) == String(decoding: Self.foundationEncoded(declaredInProject), as: UTF8.self))
    }

    @Test func aProjectContextSurvivesTheCodec() throws {
        let context = ProjectContext(
            hasReducers: true, featureTypes: ["LoginState"], derivedEnvironments: ["LoginEnvironment"],
            directlyBuiltEnvironments: ["LoginEnvironment"], staticMembers: ["LoginEnvironment": ["live"]],
            conformances: ["LoginState": ["Equatable"]], protocols: ["FeatureState": ["Equatable"]])
        var event = Self.submittedDeclared
        event.data.project = context
        event.data.declared?.project = context
        let bytes = EventCodec().encode(event)
        let decoded = try JSONDecoder().decode(CloudEvent<SpecSubmitted>.self, from: Data(bytes))
        #expect(decoded.data.project == context)
        #expect(decoded.data.declared?.project == context)
        // The fast path leaves the context to Foundation, or reads it whole: never drops it.
        if let inspected = PerSpecEventCodec.inspect(Array(bytes), maxDepth: 64), case .specSubmitted(let fast)? = try? inspected.event.get() {
            #expect(fast.data.project == context)
            #expect(fast.data.declared?.project == context)
        }
    }

    @Test func decodesWhatFoundationDecodes() throws {
        let codec = EventCodec()
        func check<P: EventPayload & Equatable>(_ event: CloudEvent<P>, _ extract: (IncomingEvent) -> CloudEvent<P>?) throws {
            let bytes = Self.foundationEncoded(event)
            let fast = try #require(PerSpecEventCodec.inspect(bytes, maxDepth: 64))
            let decoded = try #require(extract(try fast.event.get()))
            let reference = try JSONDecoder().decode(CloudEvent<P>.self, from: Data(bytes))
            #expect(decoded.data == reference.data)
            #expect(decoded.data == event.data)
            #expect([decoded.id, decoded.source, decoded.type, decoded.specversion] == [reference.id, reference.source, reference.type, reference.specversion])
            #expect([decoded.time, decoded.runid, decoded.dataschema, decoded.datacontenttype] == [reference.time, reference.runid, reference.dataschema, reference.datacontenttype])
            #expect(fast.header == codec.header(bytes))
        }
        try check(Self.submittedDeclared) { if case .specSubmitted(let e) = $0 { e } else { nil } }
        try check(Self.submittedFiles) { if case .specSubmitted(let e) = $0 { e } else { nil } }
        try check(Self.submittedInProject) { if case .specSubmitted(let e) = $0 { e } else { nil } }
        try check(Self.validated) { if case .specValidated(let e) = $0 { e } else { nil } }
        for ack in Self.persisted {
            try check(ack) { if case .specPersisted(let e) = $0 { e } else { nil } }
        }
    }

    @Test func readsForeignKeyOrderWhitespaceAndNullMembers() throws {
        let text = """
            { "type" : "dev.rulebook.spec.submitted", "specversion": "1.0", "id": "x", "source": "tool",
              "extension": [1, {"deep": null}, "s"], "time": null,
              "data": {"origin": "declared", "feature": "P", "declared": {"feature": "P", "unknown": null, "state": {"name": "S", "kind": null}}} }
            """
        let fast = try #require(PerSpecEventCodec.inspect(Array(text.utf8), maxDepth: 64))
        guard case .specSubmitted(let event) = try fast.event.get() else { Issue.record("not a spec"); return }
        #expect(event.data.declared == DeclaredSpec(feature: "P", state: DeclaredType(name: "S")))
        #expect(event.time == nil && event.runid == nil)
        #expect(fast.identity == EventIdentity(id: "x", source: "tool", runid: nil))
    }

    @Test(arguments: [
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P","propeties":[]}}}"#,
        #"{"specversion":"1.0","id":"x","id":"y","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P"}}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","runid":null,"type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P"}}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.validated","data":{"specId":"a","specSource":"b","feature":"F","origin":"declared","dialect":"modern","findings":[],"validator":"v","durationMicros":1.0}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.validated","data":{"specId":"a","specSource":"b","feature":"F","origin":"declared","dialect":"modern","findings":[{"ruleId":"r","severity":"note","message":"m","file":"f","line":1,"column":1,"endLine":"2","fingerprint":"x"}],"validator":"v","durationMicros":1}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P"},"config":{"disabledRules":7}}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P"},"project":{"hasReducers":true,"hasReducers":false}}}"#,
        #"{"specversion":"1.0","id":"","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P"}}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.run.opened","data":{"runId":"r"}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"\ud800","origin":"declared","declared":{"feature":"P"}}}"#,
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P"}}} x"#,
        "\u{FEFF}{}",
        #"{"specversion":"1.0","id":"x","source":"s","type":"dev.rulebook.spec.submitted","data":{"feature":"P","origin":"declared","declared":{"feature":"P"}},"x":"# + String(repeating: "[", count: 70) + String(repeating: "]", count: 70) + "}",
    ])
    func leavesUnusualFramesToFoundation(text: String) {
        #expect(PerSpecEventCodec.inspect(Array(text.utf8), maxDepth: 64) == nil)
    }
}

extension EventCodec {
    /// The header the Foundation path reads from `bytes`.
    fileprivate func header(_ bytes: [UInt8]) -> EventHeader? {
        (try? jsonObject(bytes)).flatMap { try? EventCodec.header(of: $0) }
    }
}
