import Foundation
import RulebookCore
import Testing

/// What adding a rule must touch, checked by name: a rule file the registry does not list,
/// a rule without its example folders, fails here (`scripts/new-rule` writes them all).
struct RuleRegistryTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each `struct …: Rule` under Sources/RulebookCore/Rules, by the file it is in.
    static func declaredRules() throws -> [(type: String, file: String)] {
        let folder = root.appendingPathComponent("Sources/RulebookCore/Rules")
        let pattern = try Regex(#"(?m)^(?:public |internal )?struct (\w+)\s*:\s*Rule\b"#)
        var found: [(String, String)] = []
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?.compactMap { $0 as? URL } ?? []
        for file in files where file.pathExtension == "swift" {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in text.matches(of: pattern) {
                found.append((String(match.output[1].substring ?? ""), file.lastPathComponent))
            }
        }
        return found
    }

    @Test func everyRuleTypeIsRegisteredAndAloneInAFileNamedAfterIt() throws {
        let declared = try Self.declaredRules()
        #expect(declared.count >= 27)
        let registered = Set(RuleRegistry.all.map { String(describing: $0) })
        for rule in declared {
            #expect(registered.contains(rule.type), "\(rule.type) (\(rule.file)) is not in RuleRegistry: add it to its category's list")
            #expect(rule.file == rule.type + ".swift", "\(rule.type) is declared in \(rule.file): one rule per file, named after it")
        }
        #expect(registered.count == RuleRegistry.all.count, "a rule is registered twice")
        for type in registered.subtracting(declared.map(\.type)).sorted() {
            Issue.record("RuleRegistry lists \(type), which no file under Sources/RulebookCore/Rules declares as `struct \(type): Rule`")
        }
    }

    @Test func everyRuleHasItsExampleFeatures() throws {
        let examples = Self.root.appendingPathComponent("Examples/Rules")
        let folders = try FileManager.default.contentsOfDirectory(atPath: examples.path).filter { !$0.hasPrefix(".") }.sorted()
        let ids = RuleCatalogue.entries.map(\.id)
        for id in ids {
            for kind in ["Violation", "Clean"] {
                var isFolder: ObjCBool = false
                let path = examples.appendingPathComponent(id).appendingPathComponent(kind).path
                #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) && isFolder.boolValue, "missing Examples/Rules/\(id)/\(kind)")
            }
        }
        for folder in Set(folders).subtracting(ids).sorted() {
            Issue.record("Examples/Rules/\(folder) is no rule's: the folders are named after the rule ids")
        }
    }
}
