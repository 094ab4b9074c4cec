import Foundation
import MCP
import RulebookCore
import Testing

@testable import RulebookMCP

struct ToolArgumentsTests {
    @Test func unknownMissingAndMistypedArgumentsAreRB400NamingThem() {
        let cases: [([String: Value]?, String)] = [
            (["spec": ["feature": "A"], "extra": true], "unknown argument 'extra'"),
            (nil, "'spec' must be an object"),
            (["spec": "A"], "'spec' must be an object"),
        ]
        for (values, detail) in cases {
            #expect {
                _ = try ToolArguments(values, tool: "check_declared_spec", allowed: ["spec", "config"]).object("spec")
            } throws: { error in
                (error as? RulebookError)?.code == "RB400" && (error as? RulebookError)?.message.contains(detail) == true
            }
        }
    }

    @Test func filesAreReadWithTheirPathsAndAPathTwiceIsRefused() throws {
        let file: Value = ["path": "Login/LoginState.swift", "contents": "struct LoginState {}"]
        let files = try ToolArguments(["files": [file]], tool: "t", allowed: ["files"]).files("files")
        #expect(files.map(\.path) == ["Login/LoginState.swift"])
        #expect(files.map(\.data) == [Data("struct LoginState {}".utf8)])
        for bad: Value in [[file, file], [["path": "A.swift"]], [["path": "", "contents": ""]], [["path": "A.swift", "contents": "", "x": 1]], []] {
            #expect(throws: RulebookError.self) { try ToolArguments(["files": bad], tool: "t", allowed: ["files"]).files("files") }
        }
    }
}

struct ConfigurationOverrideTests {
    static let base = RuleConfiguration(
        disabledRules: ["action-generic-case"], severities: ["state-animation-value": .warning],
        options: ["state-ui-type": RuleOptions(["ui_types": ["Color"], "ui_suffixes": ["View"]])], dialect: .legacy)

    @Test func givenMembersReplaceSeveritiesAndOptionsMergePerRuleAndKey() throws {
        let merged = try ConfigurationOverride.apply(
            [
                "disabledRules": [], "severities": ["state-transient-ui": "note"],
                "options": ["state-ui-type": ["ui_types": ["Font"]]],
            ], to: Self.base)
        #expect(merged.disabledRules == [])
        #expect(merged.severities == ["state-animation-value": .warning, "state-transient-ui": .note])
        #expect(merged.options["state-ui-type"]?.values == ["ui_types": ["Font"], "ui_suffixes": ["View"]])
        #expect(merged.dialect == .legacy)
        #expect(try ConfigurationOverride.apply(["dialect": .null], to: Self.base).dialect == nil)
        #expect(try ConfigurationOverride.apply(nil, to: Self.base) == Self.base)
    }

    @Test func aBadOverrideIsRB401() {
        let bad: [Value] = [
            "warning", ["severity": [:]], ["disabledRules": ["no-such-rule"]], ["severities": ["state-ui-type": "fatal"]],
            ["options": ["state-ui-type": ["colours": ["x"]]]], ["testCode": "sometimes"],
        ]
        for value in bad {
            #expect {
                _ = try ConfigurationOverride.apply(value, to: Self.base)
            } throws: { error in
                (error as? RulebookError)?.code == "RB401"
            }
        }
    }
}
