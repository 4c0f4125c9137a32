package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.BreakerState;
import dev.llmproxy.domain.breaker.BreakerTransition;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.rateLimited;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;

/** The chain executor with per-model circuit breakers. */
class BreakerChainTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    private final FakeUpstream upstream = new FakeUpstream(clock);
    private final List<BreakerTransition> transitions = new ArrayList<>();
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.builder().failureThreshold(3)
            .window(Duration.ofMinutes(5)).consecutiveFailures(5).cooldown(Duration.ofSeconds(30)).halfOpenProbes(1)
            .successThreshold(1).build(), clock, "i1", transitions::add);
    private final ChainExecutor executor = new ChainExecutor(upstream,
            d -> { clock.advance(d); return CompletableFuture.completedFuture(null); }, clock,
            new RateLimitCooldowns(clock), breakers, () -> 0.5);
    private final Settings settings = Settings.builder().set("maxSameModelRetries", 0L).build();

    private ChainResult run(String... models) {
        List<Candidate> chain = Arrays.stream(models).map(m -> new Candidate(AllowedModel.of(m, "p", m), PROVIDER)).toList();
        CompletableFuture<ChainResult> f = executor.execute(new ChainPlan("r", chain, m -> RequestBody.of(new byte[0]), settings));
        assertThat(f).isDone();
        return f.join();
    }

    @Test
    void anOpenModelIsSkippedWithoutACall() {
        upstream.on("a", status(503)).on("b", ok("b"));
        for (int i = 0; i < 3; i++) {
            run("a", "b");
        }
        assertThat(breakers.of("a").state()).isEqualTo(BreakerState.OPEN);
        long callsBefore = upstream.callsTo("a");
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(upstream.callsTo("a")).isEqualTo(callsBefore);
        assertThat(s.model().name()).isEqualTo("b");
        assertThat(s.attempts().get(0).outcome()).isEqualTo(Outcome.SKIPPED_BREAKER_OPEN);
        assertThat(s.attempts().get(0).reason()).contains("circuit open", "next probe in 30 s");
    }

    @Test
    void rateLimitsAndContentRefusalsAreNotHealthFailures() {
        upstream.on("a", rateLimited(Duration.ofMillis(1))).on("b", ok("b"));
        for (int i = 0; i < 6; i++) {
            run("a", "b");
            clock.advance(Duration.ofSeconds(1));
        }
        assertThat(breakers.of("a").state()).isEqualTo(BreakerState.CLOSED);
        assertThat(transitions).isEmpty();
    }

    @Test
    void whenEveryModelIsOpenTheAnswerIs503AtOnceWithTheSoonestProbe() {
        breakers.of("a").forceOpen("drill");
        clock.advance(Duration.ofSeconds(10));
        breakers.of("b").forceOpen("drill");
        ChainResult.Failure f = (ChainResult.Failure) run("a", "b");
        assertThat(f.error().kind()).isEqualTo(ErrorKind.UNAVAILABLE);
        assertThat(f.error().retryAfter()).isEqualTo(Duration.ofSeconds(20));
        assertThat(upstream.calls).isEmpty();
    }

    @Test
    void afterTheCooldownAProbeClosesTheBreakerWhenTheModelRecovered() {
        upstream.on("a", status(503), status(503), status(503), ok("a")).on("b", ok("b"));
        for (int i = 0; i < 3; i++) {
            run("a", "b");
        }
        clock.advance(Duration.ofSeconds(31));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(s.model().name()).isEqualTo("a");
        assertThat(breakers.of("a").state()).isEqualTo(BreakerState.CLOSED);
        assertThat(transitions).extracting(BreakerTransition::to)
                .containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.CLOSED);
    }

    @Test
    void aCancelledRequestReleasesItsProbe() {
        breakers.of("a").forceOpen("drill");
        clock.advance(Duration.ofSeconds(30));
        upstream.hangs("a");
        List<Candidate> chain = List.of(new Candidate(AllowedModel.of("a", "p", "a"), PROVIDER));
        CompletableFuture<ChainResult> f = executor.execute(new ChainPlan("r", chain, m -> RequestBody.of(new byte[0]), settings));
        f.cancel(true);
        assertThat(breakers.of("a").tryAcquire()).isEqualTo(dev.llmproxy.domain.breaker.CircuitBreaker.Permit.PROBE);
    }

    @Test
    void aRequestOutOfBudgetDoesNotTakeTheProbeSlot() {
        breakers.of("a").forceOpen("drill");
        clock.advance(Duration.ofSeconds(30));
        upstream.onAfter("b", Duration.ofSeconds(20), status(503)); // spends the whole chain budget
        List<Candidate> chain = List.of(new Candidate(AllowedModel.of("b", "p", "b"), PROVIDER),
                new Candidate(AllowedModel.of("a", "p", "a"), PROVIDER));
        Settings budget = Settings.builder().set("maxSameModelRetries", 0L).set("chainBudgetMs", 5_000L)
                .set("attemptTimeoutMs", 30_000L).build();
        executor.execute(new ChainPlan("r", chain, m -> RequestBody.of(new byte[0]), budget)).join();
        assertThat(breakers.of("a").tryAcquire()).isEqualTo(dev.llmproxy.domain.breaker.CircuitBreaker.Permit.PROBE);
    }
}
