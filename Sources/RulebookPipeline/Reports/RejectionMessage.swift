import RulebookCore

extension CheckReport.Rejection {
    /// How reports that have no place of their own for rejections word one:
    /// `spec 0b7e6c55 could not be checked: <message>`.
    var reportMessage: String { "spec \(specId ?? "?") could not be checked: \(message)" }
}
