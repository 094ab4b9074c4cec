import Foundation
import RulebookCore

/// Where a diagnostic's `codeDescription` points: the page of its rule. Either a URL template
/// (`--rule-docs-url`, for a team that publishes the rulebook), or pages the server writes
/// itself, one Markdown file per rule with the rule's section of docs/rules.md, in a folder
/// of its own that it removes when it exits: the rulebook has no page per rule at a stable
/// public address, and a page written by the binary that found the finding is never stale.
public struct RuleDocumentLinks: Sendable {
    /// What a template's rule id replaces.
    public static let placeholder = "{id}"
    /// No links.
    public static let none = RuleDocumentLinks(template: nil)

    private let template: String?

    private init(template: String?) {
        self.template = template
    }

    /// Links from `template`, an absolute URL in which `{id}` stands for the rule id
    /// (`https://example.com/docs/rules.md#{id}`).
    public static func template(_ template: String) throws(RulebookError) -> RuleDocumentLinks {
        let sample = template.replacingOccurrences(of: placeholder, with: "state-ui-type")
        guard template.contains(placeholder), let url = URL(string: sample), url.scheme != nil, url.host != nil || url.isFileURL else {
            throw .invalidArgument("--rule-docs-url must be an absolute URL in which {id} stands for the rule id, not '\(template)'")
        }
        return RuleDocumentLinks(template: template)
    }

    /// Writes each rule's page (`{id}.md`) into `folder`, made if missing, and links to them.
    public static func pages(in folder: URL) throws(RulebookError) -> RuleDocumentLinks {
        let folder = folder.standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            for entry in RuleCatalogue.entries {
                try Data(RuleCatalogue.markdown(of: entry).utf8).write(to: folder.appendingPathComponent(entry.id + ".md"), options: .atomic)
            }
        } catch {
            throw .outputFailed(destination: folder.path, reason: error.localizedDescription, readerGone: false)
        }
        // Rule ids are lower-case words and hyphens: nothing in them needs escaping in a URL.
        return RuleDocumentLinks(template: URL(fileURLWithPath: folder.path, isDirectory: true).absoluteString + placeholder + ".md")
    }

    /// The page of the rule `id`, if there are links.
    func href(ofRule id: String) -> String? {
        template?.replacingOccurrences(of: Self.placeholder, with: id)
    }
}
