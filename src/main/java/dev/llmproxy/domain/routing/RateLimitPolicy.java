package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.time.Duration;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;

/**
 * What happens on a 429. The model cools down for its {@code Retry-After} (or {@code rateLimitCooldownMs} when it
 * gave none), and meanwhile every request on this instance passes it over without a call: quotas are per model, so
 * the next model is asked at once. When no later model of the chain could answer, the request may wait out the
 * {@code Retry-After} once, within the chain budget, and ask the same model again
 * ({@code waitForRetryAfterOnLastModel}). A 429 never counts against the model's health. A model whose provider
 * said with an earlier answer that its limit has fewer tokens left than this prompt needs is passed over too
 * ({@link ProviderQuotas}). Whether the chain then
 * moves on or ends with {@code upstream_rate_limited} is the outcome table's ({@link CandidateFallback}).
 */
final class RateLimitPolicy implements ModelPolicy {

    private final RateLimitCooldowns cooldowns;
    private final ProviderQuotas quotas;
    private final Sleeper sleeper;

    RateLimitPolicy(RateLimitCooldowns cooldowns, ProviderQuotas quotas, Sleeper sleeper) {
        this.cooldowns = cooldowns;
        this.quotas = quotas;
        this.sleeper = sleeper;
    }

    @Override
    public CompletableFuture<ModelResult> apply(ModelTry attempt, ModelStep inner) {
        Optional<Duration> cooling = cooldowns.remaining(attempt.model());
        if (cooling.isPresent()) {
            attempt.run().sawRateLimit();
            attempt.run().log().skipped(attempt.model(), Outcome.SKIPPED_COOLDOWN, "not called: rate-limited, "
                    + "cooling down for another " + ChainMessages.ceilSeconds(cooling.get()) + " s");
            return CompletableFuture.completedFuture(ModelResult.SKIPPED);
        }
        OptionalLong tokensLeft = quotas.tokensLeft(attempt.model());
        long needs = attempt.run().plan().promptTokens();
        if (!attempt.continuation() && tokensLeft.isPresent() && tokensLeft.getAsLong() < needs) {
            attempt.run().sawRateLimit();
            attempt.run().log().skipped(attempt.model(), Outcome.SKIPPED_COOLDOWN, "not called: its rate limit has "
                    + tokensLeft.getAsLong() + " tokens left and this prompt is about " + needs);
            return CompletableFuture.completedFuture(ModelResult.SKIPPED);
        }
        return callAndCool(attempt, inner);
    }

    private CompletableFuture<ModelResult> callAndCool(ModelTry attempt, ModelStep inner) {
        return inner.run(attempt).thenCompose(result -> {
            if (!(result instanceof ModelResult.Answered a) || a.verdict().outcome() != Outcome.RATE_LIMITED) {
                return CompletableFuture.completedFuture(result);
            }
            UpstreamReply.HttpError reply = (UpstreamReply.HttpError) a.reply();
            attempt.run().sawRateLimit();
            cooldowns.coolDown(attempt.model(),
                    reply.retryAfter() != null ? reply.retryAfter() : attempt.settings().timeBudgets().rateLimitCooldown());
            if (!worthWaiting(attempt, a.verdict(), reply.retryAfter())) {
                return CompletableFuture.completedFuture(result);
            }
            // Nothing else can answer: waiting out the quota within the budget beats failing. The model is asked
            // again past its own cooldown.
            attempt.run().waitedForRetryAfter();
            return attempt.run().waitOut(sleeper.sleep(reply.retryAfter())).thenCompose(v -> callAndCool(attempt, inner));
        });
    }

    private boolean worthWaiting(ModelTry attempt, Verdict verdict, Duration retryAfter) {
        RunContext run = attempt.run();
        return !attempt.continuation() && verdict.action() != Verdict.Action.STOP && retryAfter != null
                && attempt.settings().timeBudgets().waitForRetryAfterOnLastModel() && run.mayWaitForRetryAfter()
                && retryAfter.compareTo(run.deadline().remaining()) < 0 && !laterModelAvailable(attempt);
    }

    private boolean laterModelAvailable(ModelTry attempt) {
        return attempt.run().plan().anyAfter(attempt.index(), name -> cooldowns.remaining(name).isEmpty());
    }
}
