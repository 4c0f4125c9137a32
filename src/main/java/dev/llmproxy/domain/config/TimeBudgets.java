package dev.llmproxy.domain.config;

import java.time.Duration;

/**
 * The settings "Time budgets and retries": how long an attempt and a whole request may take, and how the chain
 * retries a model and waits out a 429.
 *
 * @param attempt           longest wait for one upstream attempt (capped by what is left of {@code chain})
 * @param chain             the whole request's deadline: no attempt starts after it
 * @param maxSameModelRetries retries of the same model after a 5xx or a connection failure
 * @param backoffInitial    the first retry's delay, doubled per retry (never above {@code backoffMax})
 * @param rateLimitCooldown how long a model that answered 429 without Retry-After is skipped
 * @param waitForRetryAfterOnLastModel whether the last model's Retry-After is waited out once when it fits
 * @param deadlinePercentile the percentile of a model's recent latency that must fit in what is left (0: no check)
 * @param hedgeAfterMin     in a tier that hedges, the earliest a second model is started beside a slow first one
 * @param hedgeAfterMax     and the latest (also the wait for a model whose latency is not known yet)
 */
public record TimeBudgets(Duration attempt, Duration chain, int maxSameModelRetries, Duration backoffInitial,
                          Duration backoffMax, Duration rateLimitCooldown, boolean waitForRetryAfterOnLastModel,
                          int deadlinePercentile, Duration hedgeAfterMin, Duration hedgeAfterMax) {

    public TimeBudgets {
        if (backoffInitial.compareTo(backoffMax) > 0) {
            throw new SettingProblem(SettingKeys.BACKOFF_INITIAL_MS.name(), "", "must not exceed settings.backoffMaxMs");
        }
        if (hedgeAfterMin.compareTo(hedgeAfterMax) > 0) {
            throw new SettingProblem(SettingKeys.HEDGE_AFTER_MIN_MS.name(), "", "must not exceed settings.hedgeAfterMaxMs");
        }
    }
}
