import RulebookCore
import Testing

@testable import RulebookPostgresStore

/// Reading `--db` URLs as libpq does, without a server.
struct PostgresLocationTests {
    @Test func aFullURLIsReadWithItsDefaultsFilledIn() throws {
        let location = try PostgresLocation(url: "postgresql://ci%40team:p%3Ass%2Fw@db.example:6543/rulebook?sslmode=verify-full&sslrootcert=/ca.pem", environment: [:])
        #expect(location.user == "ci@team" && location.password == "p:ss/w")
        #expect(location.host == "db.example" && location.port == 6543 && location.database == "rulebook")
        #expect(location.tlsMode == .verifyFull && location.rootCertificate == "/ca.pem")
        #expect(location.description == "postgresql://ci@team@db.example:6543/rulebook?sslmode=verify-full")

        let short = try PostgresLocation(url: "postgres://h", environment: ["PGUSER": "u", "PGDATABASE": "d"])
        #expect(short.user == "u" && short.database == "d" && short.port == 5432 && short.tlsMode == .prefer)
        #expect(try PostgresLocation(url: "postgresql://u@h", environment: [:]).database == "u", "as libpq: the user's name")
        #expect(try PostgresLocation(url: "postgresql://u@[::1]:7/d", environment: [:]).description == "postgresql://u@[::1]:7/d?sslmode=prefer")
    }

    @Test func theURLsPasswordWinsOverTheEnvironments() throws {
        let environment = ["PGPASSWORD": "from-env", "PGSSLMODE": "require"]
        #expect(try PostgresLocation(url: "postgresql://u:from-url@h/d", environment: environment).password == "from-url")
        let location = try PostgresLocation(url: "postgresql://u@h/d", environment: environment)
        #expect(location.password == "from-env" && location.tlsMode == .require)
        #expect(try PostgresLocation(url: "postgresql://u@h/d?sslmode=disable", environment: environment).tlsMode == .disable)
    }

    @Test(arguments: [
        "postgresql://u:secret@h/d?sslmode=sometimes",
        "postgresql://u:secret@h/d?options=-csearch_path%3Dx",
        "postgresql://u:secret@h/d?port=99999",
        "postgresql://u:secret@h:port/d",
    ])
    func badURLsAreRefusedWithRB400WithoutShowingThePassword(url: String) {
        do {
            _ = try PostgresLocation(url: url, environment: [:])
            Issue.record("\(url) was accepted")
        } catch {
            #expect(error.code == "RB400")
            #expect(!error.message.contains("secret"), "\(error.message)")
        }
    }

    @Test func onlyPostgresSchemesAreURLs() {
        #expect(PostgresLocation.isURL("postgresql://h/d") && PostgresLocation.isURL("POSTGRES://h"))
        #expect(!PostgresLocation.isURL("rulebook.sqlite") && !PostgresLocation.isURL("/tmp/postgres://x"))
        #expect(!PostgresLocation.isURL("postgresql:relative.sqlite"))
    }

    @Test func passwordFileLinesSplitAtUnescapedColons() {
        #expect(PasswordFile.fields(of: #"h:5432:*:u:pa\:ss\\word"#) == ["h", "5432", "*", "u", #"pa:ss\word"#])
    }
}
