import GRDB

extension Database {
    /// Runs `body` in an immediate transaction that cached statements begin and commit, and
    /// rolls it back if `body` or the commit throws. At low load the persister commits every
    /// spec on its own, and GRDB's `write` prepares `BEGIN` (and `COMMIT`) anew every time:
    /// about a tenth of such a transaction's instructions.
    func inCachedTransaction<T>(_ body: () throws -> T) throws -> T {
        try cachedStatement(sql: "BEGIN IMMEDIATE TRANSACTION").execute()
        do {
            let result = try body()
            try cachedStatement(sql: "COMMIT TRANSACTION").execute()
            return result
        } catch {
            if isInsideTransaction { try? rollback() }
            throw error
        }
    }
}
