package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.answer.Answers;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.upstream.QuotaReading;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** 429s avoided: what a provider's rate-limit headers said with one answer decides whether the next call is made. */
class QuotaPlanningTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    private final Map<String, QuotaReading> readings = new HashMap<>();
    private final List<String> calls = new ArrayList<>();
    private final UpstreamPort port = call -> {
        calls.add(call.model().name());
        QuotaReading reading = readings.get(call.model().name());
        if (reading != null) {
            call.quota().read(reading);
        }
        return CompletableFuture.completedFuture(
                new UpstreamReply.Completed(Answers.text(""), call.model().upstreamModel(), Finish.STOP, TokenUsage.NONE));
    };
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    private final ProviderQuotas quotas = new ProviderQuotas(clock, cooldowns);
    private final ChainExecutor executor = new ChainExecutor(port, d -> CompletableFuture.completedFuture(null), clock,
            cooldowns, new Breakers(() -> BreakerPolicy.DEFAULT, clock, "test", t -> { }), new ModelLatencies(clock),
            quotas, new ModelSlots(), () -> 0.5);

    private ChainResult run(long promptTokens, String... chain) {
        List<Candidate> candidates = java.util.Arrays.stream(chain)
                .map(m -> new Candidate(AllowedModel.of(m, "p", m), PROVIDER)).toList();
        return executor.execute(new ChainPlan("r", candidates, m -> RequestBody.of(new byte[0]), Settings.defaults(), null,
                promptTokens)).join();
    }

    @Test
    void aModelWithNoRequestsLeftIsNotCalledUntilItsLimitResets() {
        readings.put("a", new QuotaReading(0L, Duration.ofSeconds(30), 5_000L, Duration.ofSeconds(1)));
        run(10, "a", "b");
        calls.clear();

        ChainResult skipped = run(10, "a", "b");
        assertThat(calls).containsExactly("b");
        assertThat(skipped.attempts().get(0).outcome()).isEqualTo(Outcome.SKIPPED_COOLDOWN);
        assertThat(skipped.attempts().get(0).reason()).isEqualTo("not called: rate-limited, cooling down for another 30 s");
        assertThat(skipped.saw429()).isTrue();

        clock.advance(Duration.ofSeconds(30));
        readings.remove("a");
        run(10, "a", "b");
        assertThat(calls).containsExactly("b", "a");
    }

    @Test
    void aModelWithTooFewTokensLeftIsPassedOverForThatRequestOnly() {
        readings.put("a", new QuotaReading(100L, Duration.ofSeconds(1), 1_200L, Duration.ofSeconds(20)));
        run(10, "a", "b");
        readings.remove("a");
        calls.clear();

        ChainResult big = run(3_000, "a", "b");
        run(500, "a", "b");
        assertThat(calls).containsExactly("b", "a");
        assertThat(big.attempts().get(0).reason())
                .isEqualTo("not called: its rate limit has 1200 tokens left and this prompt is about 3000");

        clock.advance(Duration.ofSeconds(20)); // the token window has reset: what was said no longer holds
        run(3_000, "a", "b");
        assertThat(calls).containsExactly("b", "a", "a");
    }

    @Test
    void aSpentLimitWithoutAResetTimeIsLeftToA429() {
        readings.put("a", new QuotaReading(0L, null, 0L, Duration.ZERO));
        run(10, "a", "b");
        run(10, "a", "b");
        assertThat(calls).containsExactly("a", "a");
        assertThat(cooldowns.remaining("a")).isEmpty();
        assertThat(quotas.latest("a")).hasValueSatisfying(h -> assertThat(h.requestsLeft()).isZero());
    }
}
