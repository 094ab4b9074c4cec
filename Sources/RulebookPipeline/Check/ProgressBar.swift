import Foundation

/// Draws ``ProgressLine`` in place on a terminal (carriage return, erase line), at most ten
/// times a second, and erases it when done. `rulebook check` uses it only when stderr is a
/// terminal.
public final class ProgressBar {
    private let total: Int
    private let write: (String) -> Void
    private let started = ContinuousClock.now
    private var done = 0
    private var lastDrawn: ContinuousClock.Instant?

    /// A bar for `total` files, drawn with `write` (stderr by default).
    public init(total: Int, write: @escaping (String) -> Void = { StandardStreams.error($0) }) {
        self.total = total
        self.write = write
    }

    /// Whether stderr is a terminal, where a progress bar belongs.
    public static var stderrIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

    /// Counts `files` more as done and redraws when due (always once everything is done).
    public func advance(by files: Int) {
        done += files
        draw(force: done >= total)
    }

    /// Draws the bar now, whether or not a redraw is due.
    public func draw(force: Bool = true) {
        let now = ContinuousClock.now
        if !force, let lastDrawn, now - lastDrawn < .milliseconds(100) { return }
        lastDrawn = now
        write("\r" + ProgressLine.render(done: done, total: total, elapsed: now - started) + "\u{1B}[K")
    }

    /// Erases the bar, leaving the cursor at the start of an empty line.
    public func finish() {
        write("\r\u{1B}[K")
    }
}
