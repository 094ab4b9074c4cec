import RulebookCore
import Testing

@testable import RulebookPipeline

/// Connected endpoints may name several peers (several persisters), and `--db` may name a
/// PostgreSQL database, whose URL a child process gets without it showing in `ps`.
struct EndpointListTests {
    @Test func aListSplitsAtCommasThatStartAnotherEndpoint() {
        #expect(Endpoints.list("tcp://a:5557") == ["tcp://a:5557"])
        #expect(Endpoints.list("tcp://a:5557,tcp://b:5557,ipc:///run/r") == ["tcp://a:5557", "tcp://b:5557", "ipc:///run/r"])
        // A comma inside an ipc:// path stays part of it.
        #expect(Endpoints.list("ipc:///tmp/a,b/results,tcp://h:1") == ["ipc:///tmp/a,b/results", "tcp://h:1"])
    }

    @Test func aPostgresURLReachesTheChildInItsEnvironmentNotItsArguments() throws {
        let url = "postgresql://ci:hunter2@db.example/rulebook"
        let database = try DatabaseLocation(url, environment: [:])
        #expect(database.childArguments.arguments == [])
        #expect(database.childArguments.environment == ["RULEBOOK_DB": url])
        #expect(!database.description.contains("hunter2"))
        let file = try DatabaseLocation("runs.sqlite", environment: [:])
        #expect(file.childArguments.arguments == ["--db", "runs.sqlite"] && file.description == "runs.sqlite")
    }
}
