/// What a `--db` value names: a PostgreSQL database when it is a `postgres://` or
/// `postgresql://` URL, else a SQLite file.
public enum DatabaseURL {
    /// The URL schemes that name a PostgreSQL database.
    public static let postgresSchemes = ["postgres", "postgresql"]

    /// Whether `text` is a PostgreSQL URL (and not a SQLite file).
    public static func isPostgres(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":") else { return false }
        return postgresSchemes.contains(text[..<colon].lowercased()) && text[colon...].hasPrefix("://")
    }
}
