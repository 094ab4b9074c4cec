import ArgumentParser
import Foundation
import Logging
import RulebookCore
import RulebookPipeline

/// The result cache's flags, the same for `check` and the servers (`mcp`, `lsp`).
struct CacheOptions: ParsableArguments {
    @Option(help: "Folder of the result cache (default: $XDG_CACHE_HOME/rulebook, else ~/.cache/rulebook).")
    var cachePath: String?

    @Option(help: "Megabytes (MiB) the result cache is kept under, dropping what was used longest ago.")
    var cacheMaxSize: Int = ResultCache.defaultMaximumBytes >> 20

    @Flag(help: "Check every spec afresh, without reading or writing the result cache.")
    var noCache = false

    func validate() throws {
        if noCache, cachePath != nil { throw ValidationError("--no-cache and --cache-path exclude each other") }
        guard (1...1_048_576).contains(cacheMaxSize) else { throw ValidationError("--cache-max-size must be between 1 and 1048576 MiB") }
    }

    /// The cache's folder, or `nil` with --no-cache (or with no home to put one in).
    var folder: String? {
        noCache ? nil : cachePath ?? CacheLocation.defaultFolder(environment: ProcessInfo.processInfo.environment)
    }

    /// The size the cache is kept under, in bytes.
    var maximumBytes: Int { cacheMaxSize << 20 }

    /// The cache a server keeps for its lifetime, with the file indexes it reads kept decoded
    /// between checks; one that cannot be opened is left out with a warning, as `rulebook
    /// check` leaves it.
    func open(logger: Logger) -> ResultCache? {
        folder.flatMap { ResultCache.opened(folder: $0, maximumBytes: maximumBytes, memo: FileIndexMemo(), logger: logger) }
    }
}
