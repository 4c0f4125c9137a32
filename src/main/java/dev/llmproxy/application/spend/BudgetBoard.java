package dev.llmproxy.application.spend;

import dev.llmproxy.application.access.ApiKeys;
import dev.llmproxy.application.config.ConfigService;
import dev.llmproxy.domain.config.BudgetsKey;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.spend.Budget;
import dev.llmproxy.domain.spend.BudgetLimits;
import dev.llmproxy.domain.spend.BudgetPeriod;
import dev.llmproxy.domain.spend.BudgetUse;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * Every budget in force and how much of it is used and reserved now: for the dashboard, the admin API, a key's page
 * and the metrics. The configured ones are the global and scope budgets, and each active key's (its own or the
 * default).
 */
@ApplicationScoped
public class BudgetBoard {

    private final ConfigService configs;
    private final ApiKeys keys;
    private final BudgetLedger ledger;
    private final Clock clock;

    @Inject
    BudgetBoard(ConfigService configs, ApiKeys keys, BudgetLedger ledger, Clock clock) {
        this.configs = configs;
        this.keys = keys;
        this.ledger = ledger;
        this.clock = clock;
    }

    /** For the container's client proxy. */
    protected BudgetBoard() {
        this(null, null, null, null);
    }

    public List<BudgetLine> lines() {
        List<Budget> budgets = new ArrayList<>();
        Map<String, BudgetLimits> configured = configs.current().settings().costSafety().budgets();
        configured.forEach((owner, limits) -> {
            if (!owner.equals(BudgetsKey.KEYS)) {
                budgets.addAll(limits.budgets(owner));
            }
        });
        long perMinute = configs.current().settings().callers().keyTokensPerMinute();
        // read on every scrape: the keys this instance has loaded, not the database
        for (ApiKey k : keys.loaded().stream().sorted(Comparator.comparing(ApiKey::id)).toList()) {
            if (!k.revoked()) {
                // a minute's tokens come and go too fast for the dashboard; they show on the key's page
                BudgetOwners.ofKey(configured, perMinute, k).stream()
                        .filter(b -> b.period() != BudgetPeriod.MINUTE).forEach(budgets::add);
            }
        }
        return read(budgets);
    }

    /** The budgets of one key and their use now. */
    public List<BudgetLine> of(ApiKey key) {
        return read(BudgetOwners.ofKey(configs.current().settings().costSafety().budgets(),
                configs.current().settings().callers().keyTokensPerMinute(), key));
    }

    private List<BudgetLine> read(List<Budget> budgets) {
        if (budgets.isEmpty()) {
            return List.of();
        }
        Instant now = clock.instant();
        Map<String, BudgetUse> use = ledger.use(budgets, now);
        return budgets.stream().map(b -> new BudgetLine(b, use.getOrDefault(b.name(), BudgetUse.NONE),
                b.period().end(now))).toList();
    }
}
