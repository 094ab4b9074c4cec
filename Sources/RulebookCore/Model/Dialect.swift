/// The two styles of TCA code Rulebook understands.
public enum Dialect: String, Codable, Sendable, CaseIterable {
    /// `{Feature}State` / `{Feature}Action` / `{Feature}Environment`, `Reducer<S, A, E>`, `WithViewStore`.
    case legacy
    /// `@Reducer struct Feature { @ObservableState struct State; enum Action; var body }`.
    case modern
    /// Neither style could be recognised (e.g. a lone helper file).
    case unknown
}
