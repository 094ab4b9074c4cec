import Foundation
import MCP
import RulebookCore

/// The JSON Schemas of the tools' inputs and structured outputs. Each output schema holds
/// everything it refers to (clients resolve `$ref`s within the schema document only).
enum ToolSchemas {
    /// An object schema with `properties`, every one of `required`, and nothing else.
    static func object(_ properties: [String: Value], required: [String], description: String? = nil) -> Value {
        var schema: [String: Value] = ["type": "object", "properties": .object(properties), "additionalProperties": false]
        if !required.isEmpty { schema["required"] = .array(required.map { .string($0) }) }
        if let description { schema["description"] = .string(description) }
        return .object(schema)
    }

    /// An array schema of `items`.
    static func array(of items: Value, description: String? = nil) -> Value {
        var schema: [String: Value] = ["type": "array", "items": items]
        if let description { schema["description"] = .string(description) }
        return .object(schema)
    }

    // MARK: Inputs

    /// The declared-spec schema (schemas/declared-spec.schema.json, ``EmbeddedSchemas``), whole.
    static let declaredSpecDocument: [String: Value] = {
        // Embedded at build time and checked by a test against the file: it always parses.
        guard case .object(let document)? = try? PlainValue.decode(Data(EmbeddedSchemas.declaredSpec.utf8)) else { return [:] }
        return document
    }()

    /// `spec` of check_declared_spec: the declared spec's outline (its members and their
    /// types); the resource ``RuleResources/declaredSpecSchemaURI`` serves the whole schema.
    static let declaredSpec: Value = SchemaOutline.outline(
        of: declaredSpecDocument, definitions: declaredSpecDocument["$defs"]?.objectValue ?? [:],
        description: """
            A declared spec. Here its members and their types; the resource \(RuleResources.declaredSpecSchemaURI) \
            is its whole schema, every member documented, with examples.
            """)

    /// `config` as each check tool lists it: its members named, the whole of ``configuration``
    /// (the rule ids and options each member takes) left to the resource
    /// ``RuleResources/configurationSchemaURI``, served once instead of in every tool.
    static let configurationReference: Value = {
        let members = (configuration.objectValue?["properties"]?.objectValue ?? [:]).keys.sorted()
        return [
            "type": "object",
            "description": .string(
                "This call's configuration overrides (\(members.joined(separator: ", "))); schema: the resource "
                    + "\(RuleResources.configurationSchemaURI)."),
        ]
    }()

    /// `config`: rule configuration overrides, in the form a `spec.submitted` event's `config`
    /// takes (schemas/spec-submitted.schema.json, `$defs/ruleConfiguration`), built from the
    /// rule catalogue.
    static let configuration: Value = {
        let entries = RuleCatalogue.entries
        let ruleId: Value = ["type": "string", "enum": .array(entries.map { .string($0.id) })]
        var options: [String: Value] = [:]
        for entry in entries where !entry.options.isEmpty {
            let values = entry.options.map { option in (option.key, plain(option.schema)) }
            options[entry.id] = ["type": "object", "properties": .object(Dictionary(uniqueKeysWithValues: values)), "additionalProperties": false]
        }
        let severities: Value = [
            "description": "Severity by rule id.", "type": "object", "propertyNames": ruleId, "additionalProperties": severity,
        ]
        let optionValues: Value = [
            "description": "Option values by rule id: option key → its value (a list of strings, a string, a number or a boolean, as the option takes).", "type": "object",
            "properties": .object(options), "additionalProperties": false,
        ]
        let testCode: Value = [
            "description": "How test code is checked: `fixtures` (only rules that check tests) or `checked` (every rule).",
            "type": "string", "enum": ["fixtures", "checked"],
        ]
        return object(
            [
                "disabledRules": array(of: ruleId, description: "Rule ids switched off."),
                "optInRules": array(of: ruleId, description: "Opt-in rule ids switched on."),
                "severities": severities, "options": optionValues, "testCode": testCode,
                "dialect": ["description": "A TCA dialect forced on every spec.", "type": "string", "enum": ["legacy", "modern"]],
            ], required: [],
            description: """
                Overrides of the server's configuration (.rulebook.yml of its working folder, or --config) for \
                this call, shaped like the `config` of a spec.submitted event: a member given replaces the \
                configured one; `severities` and `options` replace per rule (options per option key).
                """)
    }()

    /// The arguments every check tool takes to choose its findings (``FindingSelection``).
    static let selection: [String: Value] = [
        ToolArguments.minSeverity: [
            "description": "Only findings of this severity or higher (default `note`: all).", "type": "string",
            "enum": ["note", "warning", "error"],
        ],
        ToolArguments.rules: [
            "description": "Only findings of these rule ids.", "type": "array", "minItems": 1,
            "items": ["type": "string", "minLength": 1],
        ],
        ToolArguments.maxFindings: [
            "description": """
                At most this many findings, the most severe (default \(FindingSelection.defaultMaximum); 0: the counts \
                alone); `truncated` says when some were left out.
                """,
            "type": "integer", "minimum": .int(FindingSelection.maximumRange.lowerBound),
            "maximum": .int(FindingSelection.maximumRange.upperBound),
        ],
    ]

    /// ``configuration`` as a JSON document, for its resource.
    static let configurationText: String = document(configuration, id: RuleResources.configurationSchemaURI)

    /// `schema` as a JSON Schema document of its own, identified by `id`.
    static func document(_ schema: Value, id: String) -> String {
        var document = schema.objectValue ?? [:]
        document["$schema"] = "https://json-schema.org/draft/2020-12/schema"
        document["$id"] = .string(id)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        // Plain data: encoding cannot fail.
        return (try? encoder.encode(Value.object(document))).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// Files given by content: `[{path, contents}]`.
    static let sourceFiles: Value = {
        let path: Value = [
            "description": """
                Relative to the server's folder (Sources/Login/LoginState.swift): folder and name decide the \
                feature and layer; *.rulebook.json is a declared spec.
                """,
            "type": "string", "minLength": 1,
        ]
        let file = object(["path": path, "contents": ["type": "string"]], required: ["path", "contents"])
        return ["type": "array", "minItems": 1, "items": file]
    }()

    // MARK: Outputs

    /// What every check tool answers: findings, rejections and counts.
    static let checkOutput: Value = {
        let counts = ["specs", "validated", "rejected", "errors", "warnings", "notes"]
        var summaryProperties = Dictionary(uniqueKeysWithValues: counts.map { ($0, count) })
        summaryProperties["passed"] = ["type": "boolean"]
        let summary = object(
            summaryProperties, required: counts + ["passed"],
            description: "Counts of the call: specs checked and rejected, findings by severity; `passed` is false when an error-severity finding or a rejection is there.")
        let rejection = object(
            ["files": array(of: string), "code": ["type": "string", "pattern": "^RB[1-5][0-9]{2}$"], "message": string],
            required: ["files", "code", "message"])
        let properties: [String: Value] = [
            "summary": summary,
            "findings": array(
                of: ["$ref": "#/$defs/finding"],
                description: """
                    The findings the call's filters keep, sorted by file, line, column and rule; when there are more \
                    than `maxFindings`, the most severe of them. Each message says what to do instead.
                    """),
            "matching": ["description": "How many findings the call's filters keep, answered or not.", "type": "integer", "minimum": 0],
            "byRule": [
                "description": "The findings the call's filters keep, counted by rule id.", "type": "object",
                "additionalProperties": count,
            ],
            "truncated": ["description": "Whether `maxFindings` left some of the matching findings out.", "type": "boolean"],
            "rejections": array(of: rejection, description: "Specs that could not be checked, with the taxonomy code of the reason."),
            "excluded": array(of: string, description: "Files given that the configuration's `excluded` leaves out (not checked)."),
            "fixedSpec": [
                "description": "check_declared_spec: the spec with the fix (`fix.patch`, kind `fix`) of every finding applied; absent when none applies.",
                "type": "object",
            ],
            "fixedFiles": array(
                of: object(["path": string, "contents": string], required: ["path", "contents"]),
                description: "fix_swift_source: the files its fixes changed, whole; the findings are those of these texts."),
            "diff": ["description": "fix_swift_source: the changes as a unified diff (`git apply`).", "type": "string"],
            "fixed": [
                "description": "fix_swift_source: the fixes applied, counted by rule id.", "type": "object",
                "additionalProperties": count,
            ],
        ]
        var schema = object(properties, required: ["summary", "findings", "matching", "byRule", "truncated", "rejections", "excluded"]).objectValue ?? [:]
        schema["$defs"] = .object(FindingSchema.definitions)
        return .object(schema)
    }()

    /// A check tool's answer as `tools/list` gives it: the outline of ``checkOutput``, which the
    /// resource ``RuleResources/checkResultSchemaURI`` serves whole, with the members every
    /// check answers and `extra`, those only this tool answers.
    static func checkOutputOutline(answering extra: [String] = []) -> Value {
        var schema = checkOutput.objectValue ?? [:]
        let kept = Set((schema["required"]?.arrayValue ?? []).compactMap(\.stringValue) + extra)
        schema["properties"] = schema["properties"]?.objectValue.map { .object($0.filter { kept.contains($0.key) }) }
        return SchemaOutline.outline(
            of: schema, definitions: schema["$defs"]?.objectValue ?? [:],
            description: "Findings, rejections, counts; whole schema: the resource \(RuleResources.checkResultSchemaURI).")
    }

    /// ``checkOutput`` as a JSON document, for its resource.
    static let checkResultText: String = document(checkOutput, id: RuleResources.checkResultSchemaURI)

    /// `list_rules`' answer.
    static let ruleList: Value = {
        let rule = object(
            [
                "id": string, "name": string, "severity": severity, "summary": string,
                "enabled": ["type": "boolean"], "resource": string,
            ], required: ["id", "name", "severity", "summary", "enabled", "resource"])
        return object(["rules": array(of: rule)], required: ["rules"])
    }()

    /// `explain_rule`'s answer: the rule's catalogue entry.
    static let ruleExplanation: Value = {
        let option = object(["key": string, "summary": string, "defaults": array(of: string)], required: ["key", "summary", "defaults"])
        let properties: [String: Value] = [
            "id": string, "name": string, "severity": severity, "summary": string, "rationale": string,
            "dialects": array(of: ["type": "string", "enum": ["legacy", "modern"]]),
            "options": array(of: option), "appliesToTestCode": ["type": "boolean"], "optIn": ["type": "boolean"],
            "triggeringExamples": array(of: string), "nonTriggeringExamples": array(of: string),
            "corrections": array(
                of: object(
                    ["before": string, "after": string, "kind": ["type": "string", "enum": ["fix", "suggestion"]]],
                    required: ["before", "after", "kind"])),
        ]
        return object(properties, required: properties.keys.sorted())
    }()

    /// `describe_swift_feature`'s answer.
    static let description: Value = object(
        [
            "specs": array(
                of: ["type": "object"],
                description: "The declared spec of each feature the files form.")
        ], required: ["specs"])

    /// `value` (plain data) as a schema value.
    private static func plain(_ value: some Encodable) -> Value {
        // Plain data: it encodes and decodes back.
        (try? JSONEncoder().encode(value)).flatMap { try? PlainValue.decode($0) } ?? [:]
    }

    private static let string: Value = ["type": "string"]
    private static let count: Value = ["type": "integer", "minimum": 0]
    private static let severity: Value = ["type": "string", "enum": ["note", "warning", "error"]]
}
