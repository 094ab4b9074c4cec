import MCP
import RulebookCore
import Testing

@testable import RulebookMCP

/// The JSON Patch operations fixes use, applied as RFC 6902 says (the interop tests compare
/// real patches with the `jsonpatch` package's result).
struct JSONPatchTests {
    let spec: Value = [
        "state": ["name": "LoginState", "conformances": ["Sendable"]],
        "reducers": [["switches": [["handledCases": ["a"], "hasDefault": true]]]],
        "a~b/c": 1,
    ]

    @Test func addReplaceAndRemoveAtPointersWithEscapes() {
        let patched = JSONPatch.apply(
            [
                JSONPatchOperation(op: .add, path: "/state/conformances/-", value: .string("Equatable")),
                JSONPatchOperation(op: .replace, path: "/reducers/0/switches/0/hasDefault", value: .bool(false)),
                JSONPatchOperation(op: .add, path: "/reducers/0/switches/0/handledCases/0", value: .string("z")),
                JSONPatchOperation(op: .remove, path: "/a~0b~1c"),
                JSONPatchOperation(op: .add, path: "/state/attributes", value: .strings(["ObservableState"])),
            ], to: spec)
        #expect(patched == [
            "state": ["name": "LoginState", "conformances": ["Sendable", "Equatable"], "attributes": ["ObservableState"]],
            "reducers": [["switches": [["handledCases": ["z", "a"], "hasDefault": false]]]],
        ])
    }

    @Test(arguments: [
        JSONPatchOperation(op: .replace, path: "/state/missing", value: .bool(true)),
        JSONPatchOperation(op: .remove, path: "/reducers/3"),
        JSONPatchOperation(op: .add, path: "/reducers/0/switches/0/handledCases/5", value: .string("x")),
        JSONPatchOperation(op: .add, path: "/state/name/x", value: .string("x")),
        JSONPatchOperation(op: .add, path: "state", value: .string("x")),
        JSONPatchOperation(op: .add, path: "/state/conformances/-"),
    ])
    func anOperationThatDoesNotApplyLeavesNoPatchedDocument(operation: JSONPatchOperation) {
        #expect(JSONPatch.apply([JSONPatchOperation(op: .add, path: "/x", value: .bool(true)), operation], to: spec) == nil)
    }
}
