/// One spec of a run as reports list it: JUnit and checkstyle name every checked file,
/// including the clean ones that have no finding.
public struct CheckedSpec: Codable, Hashable, Sendable {
    /// The `spec.submitted` event's id.
    public var specId: String
    /// The feature's name (`Login`), when the spec was validated.
    public var feature: String?
    /// Whether the spec was validated or rejected.
    public var status: SpecStatus
    /// The files the spec covers (Swift sources, or the declared spec's file), as reports
    /// name them; empty when the submitter did not say.
    public var files: [String]

    public init(specId: String, feature: String?, status: SpecStatus, files: [String]) {
        self.specId = specId
        self.feature = feature
        self.status = status
        self.files = files
    }
}
