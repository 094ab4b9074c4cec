import Foundation
import RulebookCore
import RulebookWire
import Testing

struct TimestampTests {
    /// Whole milliseconds around the epoch, leap days, century years and the far future.
    static let millis: [Int] = [
        0, 1, 999, 1_000, -1, -999, -1_000, -1_001, 86_399_999, 86_400_000, -86_400_001,
        951_782_400_000,  // 2000-02-29
        1_709_164_800_123,  // 2024-02-29
        -2_203_891_200_000,  // 1900-03-01
        1_795_305_456_789, 4_102_444_799_999, 253_402_300_799_999,  // 9999-12-31T23:59:59.999
    ] + spread

    /// 200 fixed values spread over ±150 years (a linear congruential sequence).
    static var spread: [Int] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        return (0..<200).map { _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 22) % 5_000_000_000_000 * ((state & 1) == 0 ? 1 : -1)
        }
    }

    /// The calendar date from Foundation's Gregorian calendar, the millisecond as given
    /// (Foundation's ISO 8601 style writes `.998` for 999 ms held as `0.99899…` seconds).
    @Test(arguments: millis)
    func matchesFoundationsGregorianCalendar(millis: Int) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: "GMT"))
        let (seconds, fraction) = millis.quotientAndRemainder(dividingBy: 1_000)
        let wholeSecond = Date(timeIntervalSince1970: Double(fraction < 0 ? seconds - 1 : seconds))
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: wholeSecond)
        let expected = String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!,
            parts.second!, (fraction + 1_000) % 1_000)
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: Double(millis) / 1_000)) == expected, "\(millis) ms")
    }

    @Test func writesYearsRFC3339CannotHoldWithAllTheirDigits() {
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 253_402_300_800)) == "10000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -62_167_219_200)) == "0000-01-01T00:00:00.000Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -62_167_219_201)) == "-0001-12-31T23:59:59.000Z")
    }

    @Test func truncatesToTheMillisecond() {
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: 1.2347)) == "1970-01-01T00:00:01.234Z")
        #expect(Timestamp.string(from: Date(timeIntervalSince1970: -0.0004)) == "1969-12-31T23:59:59.999Z")
    }
}

struct EventIDTests {
    /// 2,000 ids span several of the random pool's batches (256 ids each).
    @Test func isALowercaseVersion4UUID() throws {
        let ids = (0..<2_000).map { _ in EventID.random() }
        #expect(Set(ids).count == ids.count)
        for id in ids {
            let uuid = try #require(UUID(uuidString: id), "\(id) is not a UUID")
            #expect(uuid.uuidString.lowercased() == id)
            let characters = Array(id)
            #expect(characters[14] == "4", "version nibble of \(id)")
            #expect("89ab".contains(characters[19]), "variant nibble of \(id)")
        }
    }

    /// The pool is shared by every thread of a process: ids made concurrently stay unique.
    @Test func idsMadeOnManyThreadsAreUnique() async {
        let ids = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<8 { group.addTask { (0..<500).map { _ in EventID.random() } } }
            return await group.reduce(into: [String]()) { $0 += $1 }
        }
        #expect(ids.count == 4_000)
        #expect(Set(ids).count == ids.count)
    }
}
