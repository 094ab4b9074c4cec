import RulebookCore
import Testing

/// The stable hash is FNV-1a (64 bits): its values are stored (fingerprints, configuration
/// hashes), so they must never change.
struct StableHashTests {
    @Test func matchesPublishedFNV1aValues() {
        // Test vectors of the FNV reference (http://www.isthe.com/chongo/tech/comp/fnv/).
        #expect(StableHash().hex == "cbf29ce484222325")
        #expect(StableHash.of(Array("a".utf8)).hex == "af63dc4c8601ec8c")
        #expect(StableHash.of(Array("foobar".utf8)).hex == "85944171f73967e8")
    }

    @Test func partsAreKeptApart() {
        var first = StableHash()
        first.add(Array("ab".utf8))
        first.endPart()
        first.add(Array("c".utf8))
        var second = StableHash()
        second.add(Array("a".utf8))
        second.endPart()
        second.add(Array("bc".utf8))
        #expect(first.value != second.value)
    }

    @Test func fingerprintsKeepTheirValues() {
        // Stored baselines depend on it: FNV-1a of the parts, each followed by 0xff.
        #expect(Fingerprint.make(ruleId: "state-must-be-struct", file: "A.swift", anchor: "class  State {") == "0e246e995032c84b")
    }
}
