import Foundation
import RulebookCore
@testable import RulebookWire
import Testing

/// The fast reader of a spec's project context reads what `JSONDecoder` reads, and declines
/// what it might read otherwise.
struct ProjectContextReaderTests {
    /// A context with every member set.
    private static var full: ProjectContext {
        var context = ProjectContext(
            hasReducers: true, featureTypes: ["Feature"], derivedEnvironments: ["ChildEnvironment"],
            directlyBuiltEnvironments: ["BuiltEnvironment"], staticMembers: ["Client": ["live", "mock"]],
            conformances: ["Feature.State": ["Equatable"]], protocols: ["FeatureReducer": ["Reducer"]],
            failableTypes: ["LoadError"], minimumIOSVersion: "17.0", infallibleTypes: ["Profile"],
            stateComputedProperties: ["Feature.State": ["opacity"]])
        context.reducerTypes = ["Feature"]
        context.typeLayers = ["UserDTO": "Data", "Helper": ""]
        context.appModules = ["DomainUser": "Domain"]
        context.fileLayers = ["Feature/Feature.swift": "Presentation"]
        context.caseEnums = ["Tab"]
        context.animatedStoreValues = ["scale"]
        context.enumCaseNames = ["now"]
        context.globalValueTypes = ["logger": "Logger"]
        context.dependencyTypes = ["APIClient"]
        context.effectfulMembers = ["Store.save(_:)": "UserDefaults.standard.set(…)"]
        context.loggingMembers = ["Log.debug(_:_?:)": "logger.debug(…)"]
        context.appViewModifiers = ["glassEffectIfAvailable"]
        context.referenceTypes = ["MapManager"]
        context.dependencyValues = ["traineeRepository": "TraineeRepository"]
        return context
    }

    private func fast(_ text: String) -> ProjectContext? {
        try? JSONScanner.document(Array(text.utf8), maxDepth: 64, ProjectContextReader.context)
    }

    private func foundation(_ text: String) -> ProjectContext? {
        try? JSONDecoder().decode(ProjectContext.self, from: Data(text.utf8))
    }

    @Test func readsEveryMemberAsJSONDecoderDoes() throws {
        let text = String(decoding: try FoundationMembers.encoder().encode(Self.full), as: UTF8.self)
        #expect(fast(text) == Self.full)
        #expect(fast(text) == foundation(text))
    }

    @Test func itsMembersAreTheContextsCodingKeys() throws {
        let encoded = try JSONSerialization.jsonObject(with: FoundationMembers.encoder().encode(Self.full)) as? [String: Any]
        #expect(Set(encoded?.keys.map { $0 } ?? []) == Set(ProjectContextField.allCases.map(\.rawValue)), "a member is missing from one side")
    }

    @Test(arguments: [
        #"{}"#,
        #"{"featureTypes": null, "minimumIOSVersion": null, "typeLayers": {}}"#,
        #"{"hasReducers": false, "futureMember": {"nested": [1, 2]}, "caseEnums": ["A", "B"]}"#,
        #"{"typeLayers": {"Caf\u00e9": "Data", "Zé": "Domain"}}"#,
    ])
    func agreesWithJSONDecoderOnAbsentNullAndUnknownMembers(_ text: String) {
        #expect(fast(text) != nil)
        #expect(fast(text) == foundation(text))
    }

    @Test(arguments: [
        #"{"typeLayers": {"A": "Data", "A": "Domain"}}"#,
        #"{"typeLayers": {"Caf\u00e9": "Data", "Café": "Domain"}}"#,
        #"{"typeLayers": {"Cafe\u0301": "Data", "Café": "Domain"}}"#,
        #"{"reducerTypes": ["A"], "reducerTypes": ["B"]}"#,
        #"{"typeLayers": {"A": null}}"#,
        #"{"featureTypes": "Feature"}"#,
    ])
    func declinesWhatJSONDecoderMightReadOtherwise(_ text: String) {
        #expect(fast(text) == nil)
    }
}
