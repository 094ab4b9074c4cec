/// What the persister stored for a spec.
public enum SpecStatus: String, Codable, Sendable {
    case validated, rejected
}
