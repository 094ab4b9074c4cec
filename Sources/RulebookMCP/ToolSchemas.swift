import MCP
import RulebookCore

/// The JSON Schemas of the tools' inputs and structured outputs. Each output schema holds
/// everything it refers to (clients resolve `$ref`s within the schema document only).
enum ToolSchemas {
    // MARK: Inputs

    /// `config`: rule configuration overrides, in the form a `spec.submitted` event's `config`
    /// takes (schemas/spec-submitted.schema.json, `$defs/ruleConfiguration`), built from the
    /// rule catalogue.
    static let configuration: Value = {
        let entries = RuleCatalogue.entries
        let ruleId: Value = ["type": "string", "enum": .array(entries.map { .string($0.id) })]
        var options: [String: Value] = [:]
        for entry in entries where !entry.options.isEmpty {
            options[entry.id] = [
                "type": "object",
                "propertyNames": ["enum": .array(entry.options.map { .string($0.key) })],
                "additionalProperties": ["type": "array", "items": ["type": "string"]],
            ]
        }
        return [
            "description": """
                Overrides of the server's configuration (.rulebook.yml of its working folder, or --config) for \
                this call, shaped like the `config` of a spec.submitted event: a member given replaces the \
                configured one; `severities` and `options` replace per rule (options per option key).
                """,
            "type": "object",
            "properties": [
                "disabledRules": ["description": "Rule ids switched off.", "type": "array", "items": ruleId],
                "optInRules": ["description": "Opt-in rule ids switched on.", "type": "array", "items": ruleId],
                "severities": [
                    "description": "Severity by rule id.", "type": "object", "propertyNames": ruleId,
                    "additionalProperties": severity,
                ],
                "options": [
                    "description": "Option values by rule id: option key → list of strings.", "type": "object",
                    "properties": .object(options), "additionalProperties": false,
                ],
                "dialect": ["description": "A TCA dialect forced on every spec.", "type": "string", "enum": ["legacy", "modern"]],
                "testCode": [
                    "description": "How test code is checked: `fixtures` (only rules that check tests) or `checked` (every rule).",
                    "type": "string", "enum": ["fixtures", "checked"],
                ],
            ],
            "additionalProperties": false,
        ]
    }()

    /// Files given by content: `[{path, contents}]`.
    static let sourceFiles: Value = [
        "type": "array",
        "minItems": 1,
        "items": [
            "type": "object",
            "properties": [
                "path": [
                    "description": """
                        Where the file is or will be, relative to the server's working folder \
                        (Sources/Login/LoginState.swift): its folder and name decide the feature it belongs to and \
                        its layer. A path ending in .rulebook.json is a declared spec.
                        """,
                    "type": "string", "minLength": 1,
                ],
                "contents": ["description": "The file's text.", "type": "string"],
            ],
            "required": ["path", "contents"],
            "additionalProperties": false,
        ],
    ]

    static func input(_ properties: [String: Value], required: [String]) -> Value {
        ["type": "object", "properties": .object(properties), "required": .array(required.map { .string($0) }), "additionalProperties": false]
    }

    // MARK: Outputs

    /// What every check tool answers: findings, rejections and counts.
    static let checkOutput: Value = [
        "type": "object",
        "properties": [
            "summary": [
                "description": "Counts of the call: specs checked and rejected, findings by severity; `passed` is false when an error-severity finding or a rejection is there.",
                "type": "object",
                "properties": [
                    "specs": count, "validated": count, "rejected": count, "errors": count, "warnings": count, "notes": count,
                    "passed": ["type": "boolean"],
                ],
                "required": ["specs", "validated", "rejected", "errors", "warnings", "notes", "passed"],
                "additionalProperties": false,
            ],
            "findings": [
                "description": "Every finding, sorted by file, line, column and rule; each message says what to do instead.",
                "type": "array", "items": ["$ref": "#/$defs/finding"],
            ],
            "rejections": [
                "description": "Specs that could not be checked, with the taxonomy code of the reason.",
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "files": ["type": "array", "items": ["type": "string"]],
                        "code": ["type": "string", "pattern": "^RB[1-5][0-9]{2}$"],
                        "message": ["type": "string"],
                    ],
                    "required": ["files", "code", "message"],
                    "additionalProperties": false,
                ],
            ],
            "excluded": [
                "description": "Files given that the configuration's `excluded` leaves out (not checked).",
                "type": "array", "items": ["type": "string"],
            ],
        ],
        "required": ["summary", "findings", "rejections", "excluded"],
        "additionalProperties": false,
        "$defs": .object(FindingSchema.definitions),
    ]

    /// `list_rules`' answer.
    static let ruleList: Value = [
        "type": "object",
        "properties": [
            "rules": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "id": ["type": "string"], "name": ["type": "string"], "severity": severity,
                        "summary": ["type": "string"],
                        "enabled": ["description": "Whether the server's configuration runs the rule.", "type": "boolean"],
                        "resource": ["description": "The rule's documentation as an MCP resource.", "type": "string"],
                    ],
                    "required": ["id", "name", "severity", "summary", "enabled", "resource"],
                    "additionalProperties": false,
                ],
            ]
        ],
        "required": ["rules"],
        "additionalProperties": false,
    ]

    /// `explain_rule`'s answer: the rule's catalogue entry.
    static let ruleExplanation: Value = [
        "type": "object",
        "properties": [
            "id": ["type": "string"], "name": ["type": "string"], "severity": severity,
            "summary": ["type": "string"], "rationale": ["type": "string"],
            "dialects": ["type": "array", "items": ["type": "string", "enum": ["legacy", "modern"]]],
            "options": [
                "type": "array",
                "items": [
                    "type": "object",
                    "properties": [
                        "key": ["type": "string"], "summary": ["type": "string"],
                        "defaults": ["type": "array", "items": ["type": "string"]],
                    ],
                    "required": ["key", "summary", "defaults"],
                    "additionalProperties": false,
                ],
            ],
            "appliesToTestCode": ["type": "boolean"],
            "triggeringExamples": [
                "description": "Swift that triggers the rule; `↓` marks each finding.", "type": "array", "items": ["type": "string"],
            ],
            "nonTriggeringExamples": ["description": "Swift the rule leaves alone.", "type": "array", "items": ["type": "string"]],
        ],
        "required": [
            "id", "name", "severity", "summary", "rationale", "dialects", "options", "appliesToTestCode", "triggeringExamples",
            "nonTriggeringExamples",
        ],
        "additionalProperties": false,
    ]

    /// `describe_swift_feature`'s answer.
    static let description: Value = [
        "type": "object",
        "properties": [
            "specs": [
                "description": "The declared spec (schemas/declared-spec.schema.json) of each feature the files form.",
                "type": "array", "items": ["type": "object"],
            ]
        ],
        "required": ["specs"],
        "additionalProperties": false,
    ]

    private static let count: Value = ["type": "integer", "minimum": 0]
    private static let severity: Value = ["type": "string", "enum": ["note", "warning", "error"]]
}
