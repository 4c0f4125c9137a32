package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.application.spend.BudgetLedger;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.Charge;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.CircuitBreaker;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.Timeout;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;

/**
 * MicroProfile Fault Tolerance around the shared budget store, as around the rate-limit store: after repeated failures
 * the breaker skips the store for a few seconds, then lets a call through to see whether it has recovered; meanwhile
 * the fallback reserves against this instance's share in memory.
 */
@ApplicationScoped
public class GuardedBudgets {

    @Inject
    BudgetStores stores;
    @Inject
    BudgetCounts counts;

    /** A database across the network: bounded in time as well. */
    @Timeout(value = 500, unit = ChronoUnit.MILLIS)
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
            successThreshold = 1)
    @Fallback(LocalBudgetsFallback.class)
    public BudgetLedger.Reserved overNetwork(List<Budget> budgets, Charge charge, Instant now) {
        return call(budgets, charge, now);
    }

    /** An embedded database: no {@code @Timeout}, whose interrupt would close its files; the query timeout bounds it. */
    @CircuitBreaker(requestVolumeThreshold = 4, failureRatio = 0.5, delay = 3, delayUnit = ChronoUnit.SECONDS,
            successThreshold = 1)
    @Fallback(LocalBudgetsFallback.class)
    public BudgetLedger.Reserved inProcess(List<Budget> budgets, Charge charge, Instant now) {
        return call(budgets, charge, now);
    }

    private BudgetLedger.Reserved call(List<Budget> budgets, Charge charge, Instant now) {
        BudgetLedger.Reserved r = new BudgetLedger.Reserved(stores.shared().reserve(budgets, charge, now), true);
        stores.sharedAnswered();
        counts.seen(budgets, now);
        return r;
    }
}
