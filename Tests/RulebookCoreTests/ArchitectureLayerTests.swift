import RulebookCore
import Testing

/// `ArchitectureLayer.of(path:)` reads ASCII paths byte by byte; it answers exactly as the
/// innermost folder of `path.split(separator: "/")` (Character semantics) would.
struct ArchitectureLayerTests {
    static let paths = [
        "", "/", "//", "Domain", "Domain/", "/Domain", "Domain/User.swift", "/Domain/User.swift",
        "Sources/Domain/User.swift", "Sources/Domain//User.swift", "Sources/Domain/User.swift/",
        "Sources/Domain/Models/User.swift", "Sources/Data/Domain/User.swift", "Sources/Domain/Data/Repo.swift",
        "Sources/Presentation/LoginView.swift", "App/Presentation/Screens/Data", "Data/Presentation",
        "DomainKit/User.swift", "MyDomain/User.swift", "domain/User.swift", "Sources/Dat/a.swift",
        "/tmp/corpus/Legacy/Feature0000/Feature0000Action.swift", "Feature.rulebook.json",
        "Presentationx/View.swift", "a\r\nDomain/b.swift",
        // Not ASCII: the Character-based reading.
        "Sources/Domaine\u{301}/User.swift", "Sources/Domain/\u{301}x/User.swift", "Quelle/Données/Domain/Utilisateur.swift",
        "Sources/Présentation/Vue.swift", "🚀/Data/Rocket.swift",
    ]

    @Test(arguments: paths)
    func innermostLayerFolderMatchesCharacterSemantics(path: String) {
        let expected = path.split(separator: "/").dropLast().reversed().lazy
            .compactMap { ArchitectureLayer(rawValue: String($0)) }.first
        #expect(ArchitectureLayer.of(path: path) == expected, "\(path.debugDescription)")
    }

    @Test func theInnermostLayerFolderWins() {
        #expect(ArchitectureLayer.of(path: "Sources/Data/Domain/User.swift") == .domain)
        #expect(ArchitectureLayer.of(path: "Sources/Presentation/Data/Repo.swift") == .data)
        #expect(ArchitectureLayer.of(path: "Sources/Presentation/LoginView.swift") == .presentation)
        #expect(ArchitectureLayer.of(path: "Sources/Domain/\u{301}x/User.swift") == nil)
        #expect(ArchitectureLayer.of(path: "Domain") == nil)
    }
}
