package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;

import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * The request's deadline, before each attempt. No attempt or retry starts past the chain budget
 * ({@code chainBudgetMs}); and a model whose recent latency at {@code deadlinePercentile} (to its first token for a
 * stream, to its whole answer otherwise) is longer than what is left is passed over without a call, since it would
 * most likely spend the rest of the budget and fail. That is a forecast, so it never leaves a request without a
 * model: it applies only while a later model of the chain could be called (not cooling down, circuit not open), and
 * only to a model with enough recent answers to tell. A continuation is exempt: it finishes an answer the client is
 * already reading, and the budget bounds starting one.
 */
final class DeadlineGate implements ModelPolicy {

    private final ModelLatencies latencies;
    private final LaterModels later;

    DeadlineGate(ModelLatencies latencies, LaterModels later) {
        this.latencies = latencies;
        this.later = later;
    }

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        if (attempt.continuation()) {
            return inner.run(attempt);
        }
        Deadline deadline = attempt.run().deadline();
        if (deadline.expired()) {
            return CompletableFuture.completedFuture(ModelResult.OUT_OF_TIME);
        }
        int percentile = attempt.settings().timeBudgets().deadlinePercentile();
        if (percentile > 0) {
            boolean stream = attempt.run().splice() != null;
            Optional<Duration> needs = latencies.percentile(attempt.model(),
                    stream ? LatencyKind.FIRST_TOKEN : LatencyKind.TOTAL, percentile);
            Duration left = deadline.remaining();
            if (needs.isPresent() && needs.get().compareTo(left) > 0 && later.callableAfter(attempt)) {
                attempt.run().log().skipped(attempt.model(), Outcome.SKIPPED_TOO_SLOW, "not called: would not "
                        + (stream ? "start answering" : "finish") + " in the " + ModelLatencies.seconds(left)
                        + " s left; p" + percentile + (stream ? " to first token " : " ")
                        + ModelLatencies.seconds(needs.get()) + " s");
                return CompletableFuture.completedFuture(ModelResult.SKIPPED);
            }
        }
        return inner.run(attempt);
    }
}
