package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.TimeBudgets;
import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;

import java.time.Duration;

/**
 * When a turn is hedged ({@link HedgeRace}): after the model's recent p95 (to its first token for a stream, to its
 * whole answer otherwise), within {@code hedgeAfterMinMs} and {@code hedgeAfterMaxMs}; after the maximum while too
 * few answers tell its p95.
 */
final class HedgeDelay {

    static final int PERCENTILE = 95;

    private final ModelLatencies latencies;

    HedgeDelay(ModelLatencies latencies) {
        this.latencies = latencies;
    }

    /**
     * How long the candidate at {@code index} is given before the next is started beside it; null when the turn is
     * not hedged (the plan does not hedge, no candidate follows, the client is already reading, or the wait would
     * not end before the chain budget does).
     */
    Duration of(RunContext run, int index) {
        ChainPlan plan = run.plan();
        if (!plan.hedged() || index + 1 >= plan.candidates().size() || run.continuing()) {
            return null;
        }
        TimeBudgets budgets = plan.settings().timeBudgets();
        Duration p95 = latencies.percentile(plan.candidates().get(index).model().name(),
                run.splice() != null ? LatencyKind.FIRST_TOKEN : LatencyKind.TOTAL, PERCENTILE)
                .orElse(budgets.hedgeAfterMax());
        Duration wait = p95.compareTo(budgets.hedgeAfterMin()) < 0 ? budgets.hedgeAfterMin()
                : p95.compareTo(budgets.hedgeAfterMax()) > 0 ? budgets.hedgeAfterMax() : p95;
        return wait.compareTo(run.deadline().remaining()) < 0 ? wait : null;
    }
}
