import Foundation

/// The text of `rulebook check`'s progress bar: files done of the total, the rate and the
/// estimated time left. Pure, so it is tested without a terminal.
public enum ProgressLine {
    /// Cells of the bar itself.
    static let barWidth = 24

    /// `[#########---------------]  12/40 files  3.2 files/s  ETA 9s`; rate and ETA are `-`
    /// until a file is done.
    public static func render(done: Int, total: Int, elapsed: Duration) -> String {
        let fraction = total > 0 ? min(max(Double(done) / Double(total), 0), 1) : 1
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "#", count: filled) + String(repeating: "-", count: barWidth - filled)
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        var rate = "- files/s"
        var eta = "ETA -"
        if done > 0, seconds > 0 {
            let perSecond = Double(done) / seconds
            rate = String(format: perSecond < 10 ? "%.1f files/s" : "%.0f files/s", perSecond)
            eta = "ETA " + clock(Double(max(total - done, 0)) / perSecond)
        }
        return "[\(bar)]  \(done)/\(total) files  \(rate)  \(eta)"
    }

    /// `9s`, `1m05s`, `2h03m`.
    static func clock(_ seconds: Double) -> String {
        let whole = Int(seconds.rounded(.up))
        if whole < 60 { return "\(whole)s" }
        if whole < 3_600 { return String(format: "%dm%02ds", whole / 60, whole % 60) }
        return String(format: "%dh%02dm", whole / 3_600, (whole % 3_600) / 60)
    }
}
