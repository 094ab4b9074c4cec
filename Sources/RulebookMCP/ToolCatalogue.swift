import MCP

/// The tools the server offers, with their descriptions and schemas.
enum ToolCatalogue {
    static let checkDeclaredSpec = "check_declared_spec"
    static let checkSwiftSource = "check_swift_source"
    static let checkPaths = "check_paths"
    static let fixSwiftSource = "fix_swift_source"
    static let listRules = "list_rules"
    static let explainRule = "explain_rule"
    static let describeSwiftFeature = "describe_swift_feature"

    /// Checks and look-ups only: nothing is changed, and the answer depends on the arguments
    /// and the server's folder alone. (MCP reads `idempotentHint` only of tools that change
    /// something.)
    private static let readOnly = Tool.Annotations(readOnlyHint: true, openWorldHint: false)

    static let tools: [Tool] = [
        Tool(
            name: checkDeclaredSpec, title: "Check a planned TCA feature",
            description: """
                Check a declared spec (a JSON plan of a TCA feature: State, Action, Reducer, Environment, View; \
                schema: the resource rulebook://schemas/declared-spec) against the rulebook before writing its code. \
                Findings point into the spec (JSON pointers) and say what to do instead; `fixedSpec` is the spec with \
                every fix applied. describe_swift_feature gives the spec of existing Swift code.
                """,
            inputSchema: ToolSchemas.object(
                ["spec": ToolSchemas.declaredSpec, "config": ToolSchemas.configurationReference]
                    .merging(ToolSchemas.selection) { first, _ in first }, required: ["spec"]),
            annotations: readOnly, outputSchema: ToolSchemas.checkOutputOutline(answering: ["fixedSpec"])),
        Tool(
            name: checkSwiftSource, title: "Check TCA Swift code",
            description: """
                Check Swift files of TCA features (legacy Reducer or @Reducer) by their contents, without writing \
                them: files are grouped into features by folder and name ({Feature}State.swift, {Feature}Action.swift) \
                and their paths decide layers (Domain, Data, Presentation). Findings have line/column ranges and say \
                what to do instead.
                """,
            inputSchema: ToolSchemas.object(
                ["files": ToolSchemas.sourceFiles, "config": ToolSchemas.configurationReference].merging(ToolSchemas.selection) { first, _ in first },
                required: ["files"]),
            annotations: readOnly, outputSchema: ToolSchemas.checkOutputOutline()),
        Tool(
            name: fixSwiftSource, title: "Fix TCA Swift code",
            description: """
                Check Swift files as check_swift_source does and apply every safe fix (never a suggestion): \
                answers with the fixed files (`fixedFiles`, changed ones only), a unified diff (`diff`), the fixes \
                applied by rule (`fixed`) and the findings that remain. Nothing is written.
                """,
            inputSchema: ToolSchemas.object(
                ["files": ToolSchemas.sourceFiles, "config": ToolSchemas.configurationReference].merging(ToolSchemas.selection) { first, _ in first },
                required: ["files"]),
            annotations: readOnly, outputSchema: ToolSchemas.checkOutputOutline(answering: ["fixedFiles", "diff", "fixed"])),
        Tool(
            name: checkPaths, title: "Check files on disk",
            description: """
                Check Swift files, declared specs (*.rulebook.json) and folders on disk, as `rulebook check` does. Paths \
                are relative to the server's working folder and must stay inside it.
                """,
            inputSchema: ToolSchemas.object(
                [
                    "paths": [
                        "description": "Files or folders inside the server's working folder.", "type": "array", "minItems": 1,
                        "items": ["type": "string", "minLength": 1],
                    ],
                    "config": ToolSchemas.configurationReference,
                ].merging(ToolSchemas.selection) { first, _ in first }, required: ["paths"]),
            annotations: readOnly, outputSchema: ToolSchemas.checkOutputOutline()),
        Tool(
            name: listRules, title: "List the rules",
            description: """
                The rules (id, name, default severity, summary) and whether the server's configuration runs each; \
                explain_rule or the resource rulebook://rules/{id} tells more.
                """,
            inputSchema: ToolSchemas.object([:], required: []),
            annotations: readOnly, outputSchema: ToolSchemas.ruleList),
        Tool(
            name: explainRule, title: "Explain a rule",
            description: """
                Explain one rule: its summary, rationale, options, Swift examples that trigger it (`↓` marks each \
                finding) and that do not, and what its fixes do (`corrections`: before and after).
                """,
            inputSchema: ToolSchemas.object(
                ["id": ["description": "The rule's id (`state-animation-value`).", "type": "string", "minLength": 1]],
                required: ["id"]),
            annotations: readOnly, outputSchema: SchemaOutline.outline(
                of: ToolSchemas.ruleExplanation.objectValue ?? [:], definitions: [:], description: "The rule's catalogue entry.")),
        Tool(
            name: describeSwiftFeature, title: "Describe Swift as a declared spec",
            description: """
                The declared spec of the TCA features Swift files form (as `rulebook describe`): edit it into a plan \
                and check it with check_declared_spec before changing the code.
                """,
            inputSchema: ToolSchemas.object(["files": ToolSchemas.sourceFiles], required: ["files"]),
            annotations: readOnly, outputSchema: ToolSchemas.description),
    ]
}
