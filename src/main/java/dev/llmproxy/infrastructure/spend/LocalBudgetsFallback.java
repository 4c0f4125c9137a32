package dev.llmproxy.infrastructure.spend;

import dev.llmproxy.application.spend.BudgetLedger;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.Charge;
import jakarta.inject.Inject;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;

import java.time.Instant;
import java.util.List;

/**
 * When the shared budget store cannot answer: this instance's share of what was left of every budget when the store
 * was last read, counted in memory.
 */
public class LocalBudgetsFallback implements FallbackHandler<BudgetLedger.Reserved> {

    @Inject
    BudgetStores stores;
    @Inject
    BudgetCounts counts;

    @Override
    @SuppressWarnings("unchecked")
    public BudgetLedger.Reserved handle(ExecutionContext context) {
        stores.sharedFailed(context.getFailure());
        Object[] p = context.getParameters();
        int instances = stores.liveInstances();
        Instant now = (Instant) p[2];
        List<Budget> share = ((List<Budget>) p[0]).stream()
                .map(b -> b.share(instances, counts.counted(b, now))).toList();
        return new BudgetLedger.Reserved(stores.local().reserve(share, (Charge) p[1], now), false);
    }
}
