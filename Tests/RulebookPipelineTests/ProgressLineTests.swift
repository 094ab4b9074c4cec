import RulebookPipeline
import Testing

struct ProgressLineTests {
    @Test func showsFilesRateAndTimeLeft() {
        #expect(
            ProgressLine.render(done: 12, total: 40, elapsed: .seconds(4))
                == "[#######-----------------]  12/40 files  3.0 files/s  ETA 10s")
    }

    @Test func startsWithoutRateAndEndsFull() {
        #expect(ProgressLine.render(done: 0, total: 40, elapsed: .zero) == "[------------------------]  0/40 files  - files/s  ETA -")
        #expect(
            ProgressLine.render(done: 40, total: 40, elapsed: .seconds(2))
                == "[########################]  40/40 files  20 files/s  ETA 0s")
    }

    @Test func longWaitsUseMinutesAndHours() {
        #expect(ProgressLine.render(done: 1, total: 100, elapsed: .seconds(5)).hasSuffix("ETA 8m15s"))
        #expect(ProgressLine.render(done: 1, total: 10_000, elapsed: .seconds(5)).hasSuffix("ETA 13h53m"))
    }

    @Test func barRedrawsInPlaceAndErasesItself() {
        final class Screen: @unchecked Sendable { var text = "" }
        let screen = Screen()
        let bar = ProgressBar(total: 2) { screen.text += $0 }
        bar.draw()
        bar.advance(by: 2)
        bar.finish()
        #expect(screen.text.hasPrefix("\r[------------------------]  0/2 files"))
        #expect(screen.text.contains("\r[########################]  2/2 files"))
        #expect(screen.text.hasSuffix("\r\u{1B}[K"))
    }
}
