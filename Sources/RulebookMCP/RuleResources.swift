import MCP
import RulebookCore

/// The rules as MCP resources: `rulebook://rules` (the whole catalogue, docs/rules.md) and
/// `rulebook://rules/{id}` (one rule), in Markdown, so an agent can read the rulebook
/// before it plans a feature.
enum RuleResources {
    static let catalogueURI = "rulebook://rules"
    /// The declared-spec schema (schemas/declared-spec.schema.json).
    static let declaredSpecSchemaURI = "rulebook://schemas/declared-spec"
    /// The schema of the check tools' `config`.
    static let configurationSchemaURI = "rulebook://schemas/configuration"
    /// The schema of the check tools' answers.
    static let checkResultSchemaURI = "rulebook://schemas/check-result"
    static let schemaMimeType = "application/schema+json"
    /// The catalogue, built once: building it takes milliseconds.
    static let entries = RuleCatalogue.entries
    /// docs/rules.md.
    static let catalogueMarkdown = RuleCatalogue.markdown
    static let mimeType = "text/markdown"

    /// The resource of the rule `id`.
    static func uri(of id: String) -> String { catalogueURI + "/" + id }

    static var list: ListResources.Result {
        let rules = entries.map { entry in
            Resource(name: entry.id, uri: uri(of: entry.id), title: entry.name, description: entry.summary, mimeType: mimeType)
        }
        let catalogue = Resource(
            name: "rules", uri: catalogueURI, title: "The rulebook",
            description: "Every rule with its rationale, options and examples.", mimeType: mimeType)
        let schemas = [
            Resource(
                name: "declared-spec", uri: declaredSpecSchemaURI, title: "The declared-spec schema",
                description: "JSON Schema of a declared spec: what check_declared_spec takes and describe_swift_feature gives.",
                mimeType: schemaMimeType),
            Resource(
                name: "configuration", uri: configurationSchemaURI, title: "The check tools' `config`",
                description: "JSON Schema of the per-call configuration overrides every check tool takes.", mimeType: schemaMimeType),
            Resource(
                name: "check-result", uri: checkResultSchemaURI, title: "The check tools' answer",
                description: "JSON Schema of what every check tool answers: findings (with their fixes), rejections and counts.",
                mimeType: schemaMimeType),
        ]
        return ListResources.Result(resources: [catalogue] + rules + schemas)
    }

    static var templates: ListResourceTemplates.Result {
        ListResourceTemplates.Result(templates: [
            Resource.Template(
                uriTemplate: catalogueURI + "/{id}", name: "rule", title: "A rule of the rulebook",
                description: "One rule's summary, rationale, options and examples; list_rules gives the ids.", mimeType: mimeType)
        ])
    }

    /// The resource at `uri`; an unknown one is MCP's "resource not found" error.
    static func read(_ uri: String) throws -> ReadResource.Result {
        if uri == catalogueURI {
            return ReadResource.Result(contents: [.text(catalogueMarkdown, uri: uri, mimeType: mimeType)])
        }
        if uri == declaredSpecSchemaURI {
            return ReadResource.Result(contents: [.text(EmbeddedSchemas.declaredSpec, uri: uri, mimeType: schemaMimeType)])
        }
        if uri == configurationSchemaURI {
            return ReadResource.Result(contents: [.text(ToolSchemas.configurationText, uri: uri, mimeType: schemaMimeType)])
        }
        if uri == checkResultSchemaURI {
            return ReadResource.Result(contents: [.text(ToolSchemas.checkResultText, uri: uri, mimeType: schemaMimeType)])
        }
        let prefix = catalogueURI + "/"
        if uri.hasPrefix(prefix), let entry = entries.first(where: { $0.id == uri.dropFirst(prefix.count) }) {
            return ReadResource.Result(contents: [.text(RuleCatalogue.markdown(of: entry), uri: uri, mimeType: mimeType)])
        }
        let id = uri.hasPrefix(prefix) ? String(uri.dropFirst(prefix.count)) : uri
        let error = RulebookError.invalidArgument(
            "no resource '\(uri)'; the rules are \(catalogueURI)/{id}\(RuleConfiguration.suggestion(for: id))")
        throw MCPError.serverError(code: resourceNotFound, message: error.description)
    }

    /// MCP's error code for a resource that does not exist.
    static let resourceNotFound = -32002
}
