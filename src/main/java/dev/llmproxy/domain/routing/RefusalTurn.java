package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.Verdict;

/**
 * Where a content refusal goes when the tier names models for refusals: a refusal before the caller saw anything turns
 * the run to them, once (another provider's policy may differ), and the refused attempt says so in the log.
 */
final class RefusalTurn {

    private RefusalTurn() {
    }

    /** @return whether the run turned to the tier's models for refusals: its turns start over on them */
    static boolean taken(RunContext run, ModelTry attempt, Verdict verdict) {
        if (verdict.outcome() != Outcome.CONTENT_REFUSED || run.continuing() || !run.course().toRefusalModels()) {
            return false;
        }
        run.log().movedOn(attempt.model(), "the tier sends refusals to " + run.plan().candidates().stream()
                .map(c -> c.model().name()).toList());
        return true;
    }
}
