import Foundation
import RulebookCore

/// The lowest iOS version an app supports, read from its build settings: Xcode projects'
/// `project.pbxproj` (each native target's `IPHONEOS_DEPLOYMENT_TARGET`, or the project's when
/// the target sets none). Rules that depend on the OS version (Liquid Glass needs iOS 26) ask
/// ``ProjectContext/minimumIOSVersion``.
enum DeploymentTarget {
    /// The lowest iOS deployment target of an Xcode project's native targets, from its
    /// `project.pbxproj` text; `nil` when it sets none.
    static func minimumIOSVersion(pbxproj text: String) -> String? {
        let objects = Self.objects(in: text)
        let configurations = (objects["XCBuildConfiguration"] ?? [:]).mapValues { body in
            firstMatch(#"IPHONEOS_DEPLOYMENT_TARGET = "?([0-9.]+)"?;"#, in: body)
        }
        let lists = (objects["XCConfigurationList"] ?? [:]).mapValues { body in
            firstMatch(#"buildConfigurations = \(([^)]*)\)"#, in: body).map(identifiers) ?? []
        }
        let listOf = { (isa: String) in
            (objects[isa] ?? [:]).values.compactMap { firstMatch(#"buildConfigurationList = (\w+)"#, in: $0) }
        }
        let versions = { (list: String) in (lists[list] ?? []).compactMap { configurations[$0] ?? nil } }
        let projectVersion = listOf("PBXProject").flatMap(versions).min(by: ProjectContext.isLowerVersion)
        let targets = listOf("PBXNativeTarget")
        let targetVersions = targets.compactMap { list -> String? in
            let own = (lists[list] ?? []).map { configurations[$0] ?? nil }
            return own.compactMap { $0 ?? projectVersion }.min(by: ProjectContext.isLowerVersion) ?? projectVersion
        }
        return (targets.isEmpty ? [projectVersion].compactMap { $0 } : targetVersions).min(by: ProjectContext.isLowerVersion)
    }

    /// The classes of objects the deployment target is read from.
    private static let classesRead = ["PBXProject", "PBXNativeTarget", "XCConfigurationList", "XCBuildConfiguration"]

    /// The bodies of the objects of the classes read, by class and identifier
    /// (`ID /* … */ = { isa = …; … };`), found in one pass over the text.
    private static func objects(in text: String) -> [String: [String: String]] {
        let pattern = #"(\w+)(?: /\*[^*]*\*/)? = \{\s*isa = ("# + classesRead.joined(separator: "|") + #");(.*?)\n\s*\};"#
        guard let expression = try? NSRegularExpression(pattern: pattern, options: [.dotMatchesLineSeparators]) else { return [:] }
        let range = NSRange(text.startIndex..., in: text)
        var found: [String: [String: String]] = [:]
        for match in expression.matches(in: text, range: range) {
            guard let id = Range(match.range(at: 1), in: text), let isa = Range(match.range(at: 2), in: text),
                let body = Range(match.range(at: 3), in: text)
            else { continue }
            found[String(text[isa]), default: [:]][String(text[id])] = String(text[body])
        }
        return found
    }

    private static func firstMatch(_ pattern: String, in text: String) -> String? {
        guard let expression = try? NSRegularExpression(pattern: pattern),
            let match = expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
            let range = Range(match.range(at: 1), in: text)
        else { return nil }
        return String(text[range])
    }

    /// The identifiers of a list (`ABC /* Debug */, DEF /* Release */,`).
    private static func identifiers(_ list: String) -> [String] {
        list.split(separator: ",").compactMap { item in
            item.split(whereSeparator: { $0.isWhitespace }).first.map(String.init)
        }
    }
}
