package dev.llmproxy.domain.keys;

import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.spend.BudgetLimits;

import java.time.Instant;
import java.util.Set;

/**
 * A caller's API key as stored: only the SHA-256 of the key, never the key (it is shown once, at creation).
 *
 * @param id             public identifier, also the key's second part ({@code llmp_<id>_<secret>})
 * @param scope          the scope the key's requests count against, or null (the route's scope, else {@code default})
 * @param allowedTiers   tiers the key may use; empty: every tier and allowlisted model
 * @param limitPerMinute the key's own cap, or null for {@code keyLimitPerMinute}
 * @param budget         the key's own spend budget; {@link BudgetLimits#NONE} for the {@code keys} default of
 *                       {@code budgets}
 * @param priority       the key's class in the admission queue when the proxy is at capacity
 */
public record ApiKey(String id, String name, String hash, String scope, Set<String> allowedTiers,
                     Integer limitPerMinute, BudgetLimits budget, Instant createdAt, String createdBy, Instant revokedAt,
                     String revokedBy, Priority priority) {
    public ApiKey {
        allowedTiers = Set.copyOf(allowedTiers);
        budget = budget == null ? BudgetLimits.NONE : budget;
        priority = priority == null ? Priority.STANDARD : priority;
    }

    /** A key of the standard class. */
    public ApiKey(String id, String name, String hash, String scope, Set<String> allowedTiers, Integer limitPerMinute,
                  BudgetLimits budget, Instant createdAt, String createdBy, Instant revokedAt, String revokedBy) {
        this(id, name, hash, scope, allowedTiers, limitPerMinute, budget, createdAt, createdBy, revokedAt, revokedBy,
                Priority.STANDARD);
    }

    public boolean revoked() {
        return revokedAt != null;
    }

    public ApiKey revoke(Instant at, String by) {
        return new ApiKey(id, name, hash, scope, allowedTiers, limitPerMinute, budget, createdAt, createdBy, at, by,
                priority);
    }

    public ApiKey withBudget(BudgetLimits newBudget) {
        return new ApiKey(id, name, hash, scope, allowedTiers, limitPerMinute, newBudget, createdAt, createdBy,
                revokedAt, revokedBy, priority);
    }

    /** Whether a request for this tier (null: a model named directly) is within the key's allowance. */
    public boolean mayUse(String tier) {
        return allowedTiers.isEmpty() || (tier != null && allowedTiers.contains(tier));
    }
}
