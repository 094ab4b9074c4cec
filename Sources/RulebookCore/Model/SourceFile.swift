/// A Swift file carried inside a spec. Validators never open files named in a spec; the
/// producer reads them and ships their contents.
public struct SourceFile: Codable, Hashable, Sendable {
    /// Path as shown in reports (relative to the scanned root when possible).
    public var path: String
    /// The file's text.
    public var contents: String

    public init(path: String, contents: String) {
        self.path = path
        self.contents = contents
    }
}
