import PostgresNIO
import RulebookStore

/// The PostgreSQL schema as versioned migrations, recorded in `rulebook_migrations`. Never
/// edit a shipped migration; add a new one (and its SQLite twin in `StoreSchema`).
///
/// The tables hold what SQLite's do, so that both read back alike: timestamps are the same
/// RFC 3339 text, lists the same JSON text, and text that reports sort by (file, pointer,
/// rule) uses the "C" collation, which orders by bytes as SQLite does. `runs.seq` keeps the
/// order runs were first stored in, as SQLite's `rowid` does.
enum PostgresSchema {
    /// Every table, as SQLite's migrations v1 to v4 leave them.
    static let v1 = "v1-runs-specs-findings-rejections-history"
    /// Each finding's fix, as SQLite's v5 (`StoreSchema.v5`).
    static let v2 = "v2-finding-fixes"

    static let migrations: [(identifier: String, statements: [PostgresQuery])] = [
        (
            v1,
            [
                """
                CREATE TABLE runs (
                  id text PRIMARY KEY,
                  seq bigint GENERATED ALWAYS AS IDENTITY UNIQUE,
                  tool text, paths text, rule_set_version text, expected_specs bigint,
                  opened_at text, completed_at text,
                  git_commit text, config_hash text, source_root text, host text, started_at text, finished_at text,
                  duration_millis bigint, validators bigint, spec_count bigint, validated_count bigint,
                  rejected_count bigint, error_count bigint, warning_count bigint, note_count bigint, duplicate_count bigint
                )
                """,
                """
                CREATE TABLE specs (
                  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                  run_id text NOT NULL REFERENCES runs (id),
                  spec_source text NOT NULL, spec_id text NOT NULL,
                  feature text, origin text, dialect text, status text NOT NULL, validator text,
                  duration_micros bigint, stored_at text NOT NULL, duplicates bigint NOT NULL DEFAULT 0, files text,
                  UNIQUE (spec_source, spec_id)
                )
                """,
                "CREATE INDEX specs_by_run ON specs (run_id)",
                """
                CREATE TABLE findings (
                  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                  spec_row bigint NOT NULL REFERENCES specs (id) ON DELETE CASCADE,
                  run_id text NOT NULL, rule_id text COLLATE "C" NOT NULL, severity text NOT NULL, message text NOT NULL,
                  file text COLLATE "C" NOT NULL, line bigint, "column" bigint, pointer text COLLATE "C",
                  fingerprint text NOT NULL, end_line bigint, end_column bigint
                )
                """,
                "CREATE INDEX findings_by_run ON findings (run_id)",
                "CREATE INDEX findings_by_spec ON findings (spec_row)",
                """
                CREATE TABLE rejections (
                  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
                  run_id text, spec_source text, spec_id text, code text NOT NULL, message text NOT NULL,
                  stage text NOT NULL, excerpt text, received_at text NOT NULL
                )
                """,
                "CREATE INDEX rejections_by_run ON rejections (run_id)",
                "CREATE INDEX rejections_by_spec ON rejections (spec_source, spec_id)",
            ]
        ),
        (v2, ["ALTER TABLE findings ADD COLUMN fix text"]),
    ]

    /// Applies the migrations not applied yet, in one transaction. An advisory lock keeps two
    /// persisters that start together from migrating at once: the second waits, then finds
    /// nothing left to do. A database that records a migration this build does not know was
    /// written by a newer Rulebook: refused (``NewerSchema``), nothing changed.
    static func migrate(_ session: PostgresSession) throws {
        try session.transaction { transaction in
            try transaction.run("SELECT pg_advisory_xact_lock(\(lockKey))")
            try transaction.run("""
                CREATE TABLE IF NOT EXISTS rulebook_migrations (
                  seq bigint GENERATED ALWAYS AS IDENTITY, identifier text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now()
                )
                """)
            let applied = try transaction.run("SELECT identifier FROM rulebook_migrations ORDER BY seq").rows.map {
                try $0.decode(String.self)
            }
            if let newer = NewerSchema(applied: applied, known: migrations.map(\.identifier)) { throw newer }
            for migration in migrations where !applied.contains(migration.identifier) {
                for statement in migration.statements { try transaction.run(statement) }
                try transaction.run("INSERT INTO rulebook_migrations (identifier) VALUES (\(migration.identifier))")
            }
        }
    }

    /// The advisory lock's key: "rulebook" in ASCII.
    private static let lockKey: Int64 = 0x7275_6C65_626F_6F6B

    /// The migrations applied to the database, in the order applied.
    static func applied(_ session: PostgresSession) throws -> [String] {
        try session.transaction { transaction in
            try transaction.run("SELECT identifier FROM rulebook_migrations ORDER BY seq").rows.map { try $0.decode(String.self) }
        }
    }
}
