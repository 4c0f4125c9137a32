package dev.llmproxy.application.spend;

import dev.llmproxy.application.metrics.ProxyMetrics;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetDecision;
import dev.llmproxy.domain.spend.Charge;
import dev.llmproxy.domain.spend.WorstCase;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Spend safety before the call: the request's worst case is reserved against every budget that applies, in one
 * atomic step, or the request is refused ({@code budget_exceeded}) before any provider is called. When the request
 * ends its reservation is settled to what it really cost.
 */
@ApplicationScoped
public class SpendGuard {

    private static final Logger LOG = Logger.getLogger(SpendGuard.class.getName());

    private final BudgetLedger ledger;
    private final ProxyMetrics metrics;
    private final Clock clock;

    @Inject
    public SpendGuard(BudgetLedger ledger, ProxyMetrics metrics, Clock clock) {
        this.ledger = ledger;
        this.metrics = metrics;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected SpendGuard() {
        this(null, null, null);
    }

    /**
     * @param key          the caller's key, or null when anonymous
     * @param chain        the models that could answer, in order
     * @param promptTokens the prompt estimate
     * @param maxTokens    the caller's output allowance, or null
     * @param hedged       whether the request may call two models at once: then the worst case of both is reserved
     *                     when the budgets have room for it, else that of one (and the request must not hedge)
     * @throws ProxyException {@code BUDGET_EXCEEDED} when a budget has no room; {@code COST_SAFETY} when a budget in
     *                        US dollars applies and a model of the chain has no price
     */
    public Reservation reserve(Settings settings, ApiKey key, String scope, List<AllowedModel> chain,
                               long promptTokens, Integer maxTokens, boolean hedged) {
        List<Budget> budgets = BudgetOwners.of(settings.costSafety().budgets(), settings.callers().keyTokensPerMinute(), key, scope);
        if (budgets.isEmpty()) {
            return Reservation.NONE;
        }
        long fallbackOutput = settings.costSafety().reserveOutputTokens();
        WorstCase.Bound worst = WorstCase.of(chain, promptTokens, maxTokens, fallbackOutput, 1);
        if (worst.unpriced() != null) {
            budgets.stream().filter(b -> b.maxUsd() != null).findFirst().ifPresent(b -> {
                throw new ProxyException(new ProxyError(ErrorKind.COST_SAFETY, "Model '" + worst.unpriced().name()
                        + "' has no price on the allowlist, so this request's cost cannot be bounded against budget '"
                        + b.name() + "'. An operator must set its prices or mark it free.", "model", null));
            });
        }
        Instant now = clock.instant();
        if (hedged && chain.size() > 1) {
            Charge both = WorstCase.of(chain, promptTokens, maxTokens, fallbackOutput, 2).charge();
            BudgetLedger.Reserved reserved = ledger.reserve(budgets, both, now);
            if (reserved.decision() instanceof BudgetDecision.Reserved) {
                return new Reservation(budgets, both, now, promptTokens, reserved.shared(), true);
            }
        }
        BudgetLedger.Reserved reserved = ledger.reserve(budgets, worst.charge(), now);
        if (reserved.decision() instanceof BudgetDecision.Refused refused) {
            metrics.budgetRefused(refused.budget().name());
            throw new ProxyException(BudgetMessages.refusal(refused, worst.charge(), now));
        }
        return new Reservation(budgets, worst.charge(), now, promptTokens, reserved.shared());
    }

    /**
     * Ends a reservation at what the request cost, once: a reservation settled already is left as it is. A failure
     * here is logged and costs no answer.
     */
    public void settle(Reservation reservation, Charge actual) {
        if (reservation.none() || !reservation.settling()) {
            return;
        }
        try {
            ledger.settle(reservation, actual);
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Could not settle a budget reservation of " + reservation.charge(), e);
        }
    }
}
