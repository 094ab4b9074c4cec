import Foundation
import MCP
import RulebookCore

/// A tool call's arguments, read with the checks their schemas state: a missing, mistyped
/// or unknown argument is an RB400 error (an RB401 for a bad `config`) naming it.
struct ToolArguments {
    let tool: String
    private let values: [String: Value]

    /// `values` of a call to `tool` taking the arguments `allowed`.
    init(_ values: [String: Value]?, tool: String, allowed: Set<String>) throws(RulebookError) {
        self.tool = tool
        self.values = values ?? [:]
        for name in self.values.keys.sorted() where !allowed.contains(name) {
            let expected = allowed.isEmpty ? "it takes none" : "it takes \(allowed.sorted().joined(separator: ", "))"
            throw .invalidArgument("\(tool): unknown argument '\(name)'; \(expected)")
        }
    }

    /// The object `name`.
    func object(_ name: String) throws(RulebookError) -> [String: Value] {
        guard case .object(let object)? = values[name] else { throw missing(name, "an object") }
        return object
    }

    /// The string `name`.
    func string(_ name: String) throws(RulebookError) -> String {
        guard case .string(let text)? = values[name], !text.isEmpty else { throw missing(name, "a non-empty string") }
        return text
    }

    /// The non-empty list of strings `name`.
    func strings(_ name: String) throws(RulebookError) -> [String] {
        guard case .array(let items)? = values[name], !items.isEmpty else { throw missing(name, "a non-empty array of strings") }
        return try items.enumerated().map { (index, item) throws(RulebookError) in
            guard case .string(let text) = item, !text.isEmpty else {
                throw .invalidArgument("\(tool): \(name)[\(index)] must be a non-empty string")
            }
            return text
        }
    }

    /// The files `name`: `[{path, contents}]`, each path once.
    func files(_ name: String) throws(RulebookError) -> [(data: Data, path: String)] {
        guard case .array(let items)? = values[name], !items.isEmpty else {
            throw missing(name, "a non-empty array of {path, contents} objects")
        }
        var seen: Set<String> = []
        return try items.enumerated().map { (index, item) throws(RulebookError) in
            let place = "\(tool): \(name)[\(index)]"
            guard case .object(let file) = item else { throw .invalidArgument("\(place) must be a {path, contents} object") }
            for key in file.keys.sorted() where key != "path" && key != "contents" {
                throw .invalidArgument("\(place) has an unknown member '\(key)'; a file is {path, contents}")
            }
            guard case .string(let path)? = file["path"], !path.isEmpty, !path.contains("\0") else {
                throw .invalidArgument("\(place).path must be a non-empty string")
            }
            guard case .string(let contents)? = file["contents"] else {
                throw .invalidArgument("\(place).contents must be a string (the file's text)")
            }
            guard seen.insert(path).inserted else { throw .invalidArgument("\(place): the path '\(path)' is given twice") }
            return (Data(contents.utf8), path)
        }
    }

    /// The optional `config` overrides applied to `base` (``ConfigurationOverride``).
    func configuration(over base: RuleConfiguration) throws(RulebookError) -> RuleConfiguration {
        try ConfigurationOverride.apply(values["config"], to: base)
    }

    /// The findings the call asks for (``FindingSelection``): `minSeverity`, `rules` (known
    /// rule ids) and `maxFindings`, each optional.
    func selection() throws(RulebookError) -> FindingSelection {
        var selection = FindingSelection()
        if let value = values[Self.minSeverity] {
            guard case .string(let text) = value, let severity = Severity(rawValue: text) else {
                throw missing(Self.minSeverity, "one of note, warning, error")
            }
            selection.minimumSeverity = severity
        }
        if values[Self.rules] != nil {
            let known = Set(RuleCatalogue.entries.map(\.id))
            let ids = try strings(Self.rules)
            for id in ids where !known.contains(id) {
                throw .invalidArgument("\(tool): no rule '\(id)'\(RuleConfiguration.suggestion(for: id)); list_rules lists them")
            }
            selection.rules = Set(ids)
        }
        if let value = values[Self.maxFindings] {
            let number: Int? = switch value {
            case .int(let number): number
            case .double(let number) where number.rounded() == number && abs(number) < 1e9: Int(number)
            default: nil
            }
            guard let number, FindingSelection.maximumRange.contains(number) else {
                throw missing(Self.maxFindings, "an integer from \(FindingSelection.maximumRange.lowerBound) to \(FindingSelection.maximumRange.upperBound)")
            }
            selection.maximum = number
        }
        return selection
    }

    /// The arguments every check tool takes to choose its findings.
    static let minSeverity = "minSeverity", rules = "rules", maxFindings = "maxFindings"
    static let selectionArguments: Set<String> = [minSeverity, rules, maxFindings]

    private func missing(_ name: String, _ kind: String) -> RulebookError {
        .invalidArgument("\(tool): the argument '\(name)' must be \(kind)")
    }
}

/// Per-call `config` overrides of the server's rule configuration, in the form of a
/// `spec.submitted` event's `config`: each member given replaces the configured one, except
/// `severities` (replaced per rule) and `options` (per rule and option key).
enum ConfigurationOverride {
    static let members: Set<String> = ["disabledRules", "optInRules", "severities", "options", "dialect", "testCode"]

    /// `base` with `value`'s overrides; a malformed value, an unknown rule id or an option a
    /// rule does not take is an RB401 error.
    static func apply(_ value: Value?, to base: RuleConfiguration) throws(RulebookError) -> RuleConfiguration {
        guard let value, value != .null else { return base }
        guard case .object(let given) = value else { throw .invalidConfiguration("`config` must be an object") }
        for key in given.keys.sorted() where !members.contains(key) {
            throw .invalidConfiguration("unknown member '\(key)' of `config`; expected \(members.sorted().joined(separator: ", "))")
        }
        let override: RuleConfiguration
        do {
            override = try JSONDecoder().decode(RuleConfiguration.self, from: JSONEncoder().encode(value))
        } catch {
            throw .invalidConfiguration("`config` does not match its schema: \(DecodingProblem.describe(error))")
        }
        var merged = base
        if given["disabledRules"] != nil { merged.disabledRules = override.disabledRules }
        if given["optInRules"] != nil { merged.optInRules = override.optInRules }
        merged.severities.merge(override.severities) { _, new in new }
        for (id, options) in override.options {
            merged.options[id] = RuleOptions((merged.options[id]?.values ?? [:]).merging(options.values) { _, new in new })
        }
        if given["dialect"] != nil { merged.dialect = override.dialect }
        if given["testCode"] != nil { merged.testCode = override.testCode }
        try merged.validate()
        return merged
    }
}

/// A `DecodingError` in a sentence that names where it happened.
enum DecodingProblem {
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        let (path, detail): ([any CodingKey], String) =
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
                (context.codingPath, context.debugDescription)
            case .keyNotFound(let key, let context): (context.codingPath, "'\(key.stringValue)' is missing")
            @unknown default: ([], "\(error)")
            }
        let place = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return place.isEmpty ? detail : "at \(place.hasPrefix(".") ? String(place.dropFirst()) : place): \(detail)"
    }
}
