import Foundation
import MCP

/// The finding objects' schema, for the check tools' output schemas: a copy of
/// schemas/finding.schema.json, which is the source (a test keeps the two equal; to
/// update, paste the file between the quotes).
enum FindingSchema {
    /// schemas/finding.schema.json.
    static let document = #"""
{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://rulebook.dev/schemas/finding.schema.json",
  "title": "Rulebook finding",
  "description": "One rule violation in a spec, as validators send it in `spec.validated` and as `rulebook check --format json` reports it. Every finding Rulebook writes has the same shape: `line`, `column`, `endLine`, `endColumn` and `pointer` are always present and are `null` when the spec has no such location (Swift sources have a range from `line`:`column` to `endLine`:`endColumn` and no pointer; declared specs have a JSON pointer and no line or column). The range covers the token or node the finding points at (a declaration's name, an enum case with its associated values, an import's module path, a call from its callee to its closing parenthesis or trailing closure, a member chain, `switch action`, a `default:` label, the value an animation modifier reads) and is end-exclusive, as SARIF regions and LSP ranges are: `endColumn` is the column just after its last character. `endLine` and `endColumn` may be missing in findings from workers that predate them; read a missing one as `null`.",
  "type": "object",
  "properties": {
    "ruleId": {
      "description": "The public id of the rule that found it (`state-animation-value`, `action-generic-case`); `rulebook rules` lists them.",
      "type": "string",
      "pattern": "^[a-z][a-z0-9]*(-[a-z0-9]+)*$",
      "examples": [
        "state-animation-value"
      ]
    },
    "severity": {
      "description": "Effective severity after configuration: `error` fails a check, `warning` fails it only with `--strict`, `note` never fails it.",
      "$ref": "#/$defs/severity"
    },
    "message": {
      "description": "What is wrong and what to do instead.",
      "type": "string",
      "minLength": 1
    },
    "file": {
      "description": "The file of the offending token as the producer named it (relative to the scanned root when possible), or the declared spec's file name (`Profile.rulebook.json`).",
      "type": "string",
      "minLength": 1
    },
    "line": {
      "description": "1-based line of the offending token; `null` for declared specs.",
      "type": [
        "integer",
        "null"
      ],
      "minimum": 1
    },
    "column": {
      "description": "1-based column (in UTF-8 bytes) of the offending token; `null` for declared specs.",
      "type": [
        "integer",
        "null"
      ],
      "minimum": 1
    },
    "endLine": {
      "description": "1-based line where the offending token or node ends; `null` for declared specs, and for a parse error at a token the parser found missing (a place with nothing to underline).",
      "type": [
        "integer",
        "null"
      ],
      "minimum": 1
    },
    "endColumn": {
      "description": "1-based column (in UTF-8 bytes) on `endLine` just after the last character of the offending token or node, so the range is end-exclusive (`scale` at line 3, column 9 ends at line 3, column 14); `null` whenever `endLine` is.",
      "type": [
        "integer",
        "null"
      ],
      "minimum": 1
    },
    "pointer": {
      "description": "JSON pointer (RFC 6901) into the declared spec (`/state/properties/1`); `null` for Swift sources.",
      "type": [
        "string",
        "null"
      ],
      "format": "json-pointer"
    },
    "fingerprint": {
      "description": "Stable identity for baselines: 16 lowercase hex digits of FNV-1a over the rule id, the file and the whitespace-normalised text of the offending line (or the JSON pointer). Line numbers are left out, so it survives unrelated edits above the finding.",
      "type": "string",
      "pattern": "^[0-9a-f]{16}$"
    },
    "fix": {
      "description": "The edit that makes the finding go away, when its rule has one. `fix` keeps behaviour and `rulebook check --fix` applies it; `suggestion` needs review and is never applied. Swift: `edits`, UTF-8 byte ranges of the text checked (apply a fix's edits together, last offset first); declared spec: `patch`, JSON Patch (RFC 6902).",
      "type": "object",
      "properties": {
        "kind": {
          "type": "string",
          "enum": [
            "fix",
            "suggestion"
          ]
        },
        "summary": {
          "type": "string",
          "minLength": 1
        },
        "edits": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "file": {
                "type": "string",
                "minLength": 1
              },
              "byteOffset": {
                "type": "integer",
                "minimum": 0
              },
              "byteLength": {
                "type": "integer",
                "minimum": 0
              },
              "replacement": {
                "type": "string"
              }
            },
            "required": [
              "file",
              "byteOffset",
              "byteLength",
              "replacement"
            ],
            "additionalProperties": false
          }
        },
        "patch": {
          "type": "array",
          "items": {
            "type": "object",
            "properties": {
              "op": {
                "type": "string",
                "enum": [
                  "add",
                  "replace",
                  "remove"
                ]
              },
              "path": {
                "type": "string",
                "format": "json-pointer"
              },
              "value": {
                "type": [
                  "string",
                  "boolean",
                  "array"
                ],
                "items": {
                  "type": "string"
                }
              }
            },
            "required": [
              "op",
              "path"
            ],
            "additionalProperties": false
          }
        }
      },
      "required": [
        "kind",
        "summary",
        "edits",
        "patch"
      ],
      "additionalProperties": false
    }
  },
  "required": [
    "ruleId",
    "severity",
    "message",
    "file",
    "line",
    "column",
    "pointer",
    "fingerprint"
  ],
  "additionalProperties": false,
  "$defs": {
    "severity": {
      "title": "Severity",
      "description": "How serious a finding is.",
      "type": "string",
      "enum": [
        "note",
        "warning",
        "error"
      ]
    }
  }
}
"""#

    /// `finding` (the schema without its `$schema`, `$id` and `$defs`) and its definitions, to
    /// put in another schema's `$defs`: the finding's `#/$defs/…` references then resolve in
    /// the schema that holds it.
    static let definitions: [String: Value] = {
        guard case .object(var finding) = try? PlainValue.decode(Data(document.utf8)) else {
            preconditionFailure("FindingSchema.document is not a JSON object")
        }
        let definitions = finding["$defs"]?.objectValue ?? [:]
        for key in ["$schema", "$id", "$defs"] { finding[key] = nil }
        return definitions.merging(["finding": .object(finding)]) { _, new in new }
    }()
}
