/// Components of the paths the scanner builds: absolute, one `/` between components, no
/// trailing `/`, no `.` or `..` (a standardised folder joined with the directory
/// enumerator's relative paths). For such paths these answer as `NSString`'s path methods do
/// (tested against them), without their cost, which is most of a scan.
enum ScannedPath {
    /// The last component: `Feature.swift` for `/src/Login/Feature.swift`.
    static func lastComponent(_ path: String) -> Substring {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return path[...] }
        return path[path.utf8.index(after: slash)...]
    }

    /// The path without its last component: `/src/Login` for `/src/Login/Feature.swift`, `/`
    /// for `/Feature.swift`, empty for a bare name.
    static func folder(_ path: String) -> String {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == path.utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component without its extension: `LoginState` for `/src/LoginState.swift`;
    /// a leading dot does not start an extension (`.swift` stays `.swift`), a trailing one
    /// ends an empty one (`name.` → `name`).
    static func stem(_ path: String) -> String {
        let name = lastComponent(path)
        guard let dot = name.utf8.lastIndex(of: UInt8(ascii: ".")), dot != name.utf8.startIndex else { return String(name) }
        return String(name[..<dot])
    }
}
