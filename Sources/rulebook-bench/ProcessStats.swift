import Foundation

/// Resident memory and CPU time of a process, read from `/proc/PID` (Linux).
enum ProcessStats {
    /// Peak resident set size (`VmHWM`) in bytes.
    static func peakMemory(of pid: Int32) -> Int? { statusField("VmHWM", of: pid) }

    /// Current resident set size (`VmRSS`) in bytes.
    static func currentMemory(of pid: Int32) -> Int? { statusField("VmRSS", of: pid) }

    /// User plus system CPU time used so far, in seconds.
    static func cpuSeconds(of pid: Int32) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let afterName = stat.lastIndex(of: ")")
        else { return nil }
        // Fields after `(comm)`: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: afterName)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// CPU time all CPUs of the machine have spent busy so far (`/proc/stat`'s user, nice,
    /// system, irq and softirq: every process, the kernel's own threads, interrupts), in
    /// seconds.
    static func machineBusySeconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/stat", encoding: .utf8),
            let line = stat.split(separator: "\n").first, line.hasPrefix("cpu ")
        else { return nil }
        let ticks = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        // user nice system idle iowait irq softirq steal guest guest_nice: steal is time the
        // machine did not get, and guest time is counted in user and nice already.
        guard ticks.count >= 7 else { return nil }
        let busy = ticks[0] + ticks[1] + ticks[2] + ticks[5] + ticks[6]
        return busy / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    private static func statusField(_ name: String, of pid: Int32) -> Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return nil }
        for line in status.split(separator: "\n") where line.hasPrefix(name + ":") {
            // `VmHWM:\t   12345 kB`
            let number = line.dropFirst(name.count + 1).split(whereSeparator: \.isWhitespace).first
            return number.flatMap { Int($0) }.map { $0 * 1_024 }
        }
        return nil
    }
}
