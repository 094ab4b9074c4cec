import Foundation

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`): lines of
/// `host:port:database:user:password`, where `*` matches anything and `\` escapes `:` and
/// `\`. The first line that matches is used. As libpq does, a file that group or others may
/// read is ignored, and so is a missing one.
enum PasswordFile {
    /// The password for `location`, if the file has one.
    static func password(for location: PostgresLocation, environment: [String: String]) -> String? {
        guard let path = path(environment: environment), isPrivate(path),
            let text = try? String(contentsOfFile: path, encoding: .utf8)
        else { return nil }
        let wanted = [location.passwordFileHost, String(location.port), location.database, location.user]
        for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
            let fields = self.fields(of: String(line))
            guard fields.count == 5 else { continue }
            if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) { return fields[4] }
        }
        return nil
    }

    private static func path(environment: [String: String]) -> String? {
        if let path = environment["PGPASSFILE"], !path.isEmpty { return path }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        return home + "/.pgpass"
    }

    /// Whether only its owner may read the file (mode 0600 or stricter).
    private static func isPrivate(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        return info.st_mode & 0o077 == 0
    }

    /// The fields of one line, split at unescaped colons.
    static func fields(of line: String) -> [String] {
        var fields: [String] = []
        var current = ""
        var escaped = false
        for character in line {
            if escaped {
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ":" {
                fields.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        fields.append(current)
        return fields
    }
}
