import Foundation
import Synchronization
import Testing

@testable import RulebookPipeline

struct DescriptorWriteTests {
    @Test func aFullNonBlockingPipeIsWaitedOnUntilEveryByteIsWritten() throws {
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        defer { close(ends[0]) }
        _ = fcntl(ends[1], F_SETFL, fcntl(ends[1], F_GETFL) | O_NONBLOCK)
        // Four times a pipe's usual 64 KiB: the writer meets a full pipe (EAGAIN) several times.
        let data = Data((0..<(256 << 10)).map { UInt8(truncatingIfNeeded: $0) })
        let reader = Thread { [readEnd = ends[0]] in
            var received = Data()
            var chunk = [UInt8](repeating: 0, count: 4096)
            while true {
                usleep(200)
                let count = read(readEnd, &chunk, chunk.count)
                if count <= 0 { break }
                received.append(contentsOf: chunk[..<count])
            }
            receivedBytes.withLock { $0 = received }
        }
        reader.start()
        #expect(DescriptorWrite.all(data, to: ends[1]) == nil)
        close(ends[1])
        while receivedBytes.withLock({ $0 == nil }) { usleep(1_000) }
        #expect(receivedBytes.withLock { $0 } == data)
    }

    @Test func aPipeWithoutReaderGivesEPIPE() {
        signal(SIGPIPE, SIG_IGN)
        var ends: [Int32] = [0, 0]
        #expect(pipe(&ends) == 0)
        close(ends[0])
        defer { close(ends[1]) }
        #expect(DescriptorWrite.all(Data("x".utf8), to: ends[1]) == EPIPE)
    }
}

/// What the reader thread of the first test received.
private let receivedBytes = Mutex<Data?>(nil)
