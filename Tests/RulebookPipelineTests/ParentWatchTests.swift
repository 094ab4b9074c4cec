import Foundation
import RulebookPipeline
import Testing

/// A worker notices a gone parent at its first question and then within the check
/// interval; without a named parent it never stops.
struct ParentWatchTests {
    @Test func aLivingParentIsNotGone() {
        let watch = ParentWatch(parentPID: getppid())
        #expect(!watch.parentIsGone)
        #expect(!watch.parentIsGone)
    }

    @Test func anotherParentThanTheNamedOneMeansItIsGone() {
        // No process has this pid as our parent: as after re-parenting.
        let watch = ParentWatch(parentPID: Int32.max)
        #expect(watch.parentIsGone)
        #expect(watch.parentIsGone)
    }

    @Test func noNamedParentIsNeverGone() {
        #expect(!ParentWatch(parentPID: nil).parentIsGone)
    }
}
