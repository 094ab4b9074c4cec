import RulebookCore
import RulebookWire

/// A prepared run split by the result cache: the specs a validator must check, and the
/// verdicts the cache already holds for the others, as events for the persister.
struct CacheSplit {
    /// The whole run.
    var run: PreparedRun
    /// Specs to send to the validators.
    var toValidate: [CloudEvent<SpecSubmitted>]
    /// This run's verdicts on the other specs, from the cache.
    var answered: [CloudEvent<SpecValidated>]

    /// `run` split by what `cache` knows; without a cache every spec is to validate.
    init(_ run: PreparedRun, cache: ResultCache?) {
        self.run = run
        guard let cache else {
            toValidate = run.specs
            answered = []
            return
        }
        toValidate = []
        answered = []
        for (spec, verdict) in zip(run.specs, cache.verdicts(for: run.specs)) {
            if let verdict {
                answered.append(CloudEvent(source: spec.source, runId: run.opened.data.runId, data: verdict))
            } else {
                toValidate.append(spec)
            }
        }
    }

    /// `run` answered whole: `verdicts` holds the cached verdict on each of its specs, in order.
    init(_ run: PreparedRun, answeredBy verdicts: [SpecValidated]) {
        self.run = run
        toValidate = []
        answered = zip(run.specs, verdicts).map { spec, verdict in
            CloudEvent(source: spec.source, runId: run.opened.data.runId, data: ResultCache.answer(verdict, to: spec))
        }
    }
}
