import Foundation
import Testing

@testable import RulebookPipeline

/// `ScannedPath` answers as `NSString`'s path methods do for the paths the scanner builds.
struct ScannedPathTests {
    static let paths = [
        "/src/Login/LoginState.swift", "/LoginState.swift", "/src/a.b.swift", "/src/.swift", "/src/name.",
        "/src/..swift", "/src/Café/ÉtatAction.swift", "/src/Login/Login.rulebook.json", "/src/noextension",
        "/a/b/c/d/e/Feature0001Environment.swift", "relative/File.swift", "File.swift", "/src/x.swift/y",
    ]

    @Test(arguments: paths)
    func answersAsNSString(path: String) {
        let ns = path as NSString
        #expect(String(ScannedPath.lastComponent(path)) == ns.lastPathComponent)
        #expect(ScannedPath.folder(path) == ns.deletingLastPathComponent)
        #expect(ScannedPath.stem(path) == (ns.lastPathComponent as NSString).deletingPathExtension)
    }
}
