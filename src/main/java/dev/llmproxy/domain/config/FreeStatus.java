package dev.llmproxy.domain.config;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.ProviderKind;
import java.time.LocalDate;
import java.util.List;

/**
 * Whether a model's "free" can be trusted. Providers end free tiers without notice, so the allowlist dates each
 * check, and a check grows stale.
 */
public final class FreeStatus {

    private FreeStatus() {
    }

    /** Marked free, and verified so no more than {@code maxAgeDays} before {@code today}. */
    public static boolean verified(AllowedModel m, LocalDate today, long maxAgeDays) {
        return m.free() && m.freeVerifiedOn() != null && !m.freeVerifiedOn().isBefore(today.minusDays(maxAgeDays));
    }

    /**
     * The models of {@code config} whose free status is stale today. A simulated model bills nothing by its nature:
     * there is no free tier of it to end, so none to check again.
     */
    public static List<AllowedModel> staleModels(RuntimeConfig config, LocalDate today) {
        long maxAge = config.settings().costSafety().freeVerificationMaxAgeDays();
        return config.models().stream().filter(m -> stale(m, today, maxAge))
                .filter(m -> config.provider(m.provider()).map(p -> p.kind() != ProviderKind.SIM).orElse(true))
                .toList();
    }

    /** Marked free, but never verified or verified too long ago: someone should look again. */
    public static boolean stale(AllowedModel m, LocalDate today, long maxAgeDays) {
        return m.free() && !verified(m, today, maxAgeDays);
    }
}
