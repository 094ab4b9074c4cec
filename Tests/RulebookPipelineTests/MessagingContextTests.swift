import RulebookCore
@testable import RulebookPipeline
import Testing
import ZeroMQ

/// `RULEBOOK_IO_THREADS` is read by the pipeline, strictly, and decides how the contexts it
/// makes are scheduled.
struct MessagingContextTests {
    @Test func theVariableIsReadStrictly() throws {
        #expect(try MessagingContext.ioThreads(in: [:]) == .batch)
        #expect(try MessagingContext.ioThreads(in: ["RULEBOOK_IO_THREADS": ""]) == .batch)
        #expect(try MessagingContext.ioThreads(in: ["RULEBOOK_IO_THREADS": "batch"]) == .batch)
        #expect(try MessagingContext.ioThreads(in: ["RULEBOOK_IO_THREADS": "normal"]) == .normal)
        #expect(throws: RulebookError.invalidConfiguration("RULEBOOK_IO_THREADS must be one of batch, normal, not 'fast'")) {
            _ = try MessagingContext.ioThreads(in: ["RULEBOOK_IO_THREADS": "fast"])
        }
    }

    @Test func aBadValueRefusesToMakeAContext() {
        #expect {
            _ = try MessagingContext.make(environment: ["RULEBOOK_IO_THREADS": "fast"])
        } throws: { error in
            "\(error)" == "RB401: invalid configuration: RULEBOOK_IO_THREADS must be one of batch, normal, not 'fast'"
        }
        #expect(throws: Never.self) { _ = try MessagingContext.make(environment: ["RULEBOOK_IO_THREADS": "normal"]) }
    }
}
