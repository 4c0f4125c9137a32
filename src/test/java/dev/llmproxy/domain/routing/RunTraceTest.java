package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.upstream.UpstreamCall;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;

/** What a run tells its trace: every call as it starts (and why) and how it ended, and each model passed over. */
class RunTraceTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.ANTHROPIC, URI.create("http://127.0.0.1:1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    private final FakeUpstream upstream = new FakeUpstream(clock);
    private final Sleeper sleeper = d -> {
        clock.advance(d);
        return CompletableFuture.completedFuture(null);
    };
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.builder().failureThreshold(10_000)
            .consecutiveFailures(10_000).build(), clock, "test", t -> { });
    private final ChainExecutor executor = new ChainExecutor(upstream, sleeper, clock, cooldowns, breakers, () -> 0.5);
    private final Settings settings = Settings.builder().set("maxSameModelRetries", 1L).set("backoffInitialMs", 100L)
            .set("rateLimitCooldownMs", 60_000L).build();

    /** A trace that writes down what it hears, and names each call "call-N". */
    private static final class Recording implements RunTrace {
        final List<AttemptStart> starts = new ArrayList<>();
        final List<AttemptRecord> ended = new ArrayList<>();
        final List<AttemptRecord> skipped = new ArrayList<>();

        @Override
        public AttemptTrace calling(AttemptStart start) {
            starts.add(start);
            String name = "call-" + starts.size();
            return new AttemptTrace() {
                @Override
                public String traceparent() {
                    return name;
                }

                @Override
                public void answered(AttemptRecord attempt) {
                    ended.add(attempt);
                }
            };
        }

        @Override
        public void skipped(AttemptRecord attempt) {
            skipped.add(attempt);
        }
    }

    private ChainResult run(RunTrace trace, String... models) {
        List<Candidate> chain = Arrays.stream(models)
                .map(m -> new Candidate(AllowedModel.of(m, "p", m + "-upstream"), PROVIDER)).toList();
        return executor.execute(new ChainPlan("req-1", chain, m -> RequestBody.of(new byte[0]), settings, null, 0, trace)).join();
    }

    @Test
    void eachCallIsTracedWithWhyItWasMadeAndNamedToTheProvider() {
        upstream.on("a", status(503)).on("b", ok("b"));
        Recording trace = new Recording();
        run(trace, "a", "b");
        assertThat(trace.starts).extracting(RunTrace.AttemptStart::model, RunTrace.AttemptStart::role)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a", RunTrace.Role.FIRST),
                        org.assertj.core.groups.Tuple.tuple("a", RunTrace.Role.RETRY),
                        org.assertj.core.groups.Tuple.tuple("b", RunTrace.Role.FALLBACK));
        assertThat(trace.starts.get(2).upstreamModel()).isEqualTo("b-upstream");
        assertThat(trace.starts.get(2).providerKind()).isEqualTo("anthropic");
        assertThat(trace.starts.get(2).index()).isEqualTo(1);
        assertThat(trace.ended).extracting(AttemptRecord::outcome)
                .containsExactly(Outcome.SERVER_ERROR, Outcome.SERVER_ERROR, Outcome.SUCCESS);
        assertThat(upstream.calls).extracting(UpstreamCall::traceparent).containsExactly("call-1", "call-2", "call-3");
    }

    @Test
    void aModelCoolingDownIsTracedAsPassedOver() {
        cooldowns.coolDown("a", Duration.ofMinutes(1));
        upstream.on("b", ok("b"));
        Recording trace = new Recording();
        run(trace, "a", "b");
        assertThat(trace.skipped).extracting(AttemptRecord::model, AttemptRecord::outcome)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("a", Outcome.SKIPPED_COOLDOWN));
        assertThat(trace.starts).extracting(RunTrace.AttemptStart::role).containsExactly(RunTrace.Role.FALLBACK);
    }

    @Test
    void anUntracedRunSendsNoTraceContext() {
        upstream.on("a", ok("a"));
        run(RunTrace.NONE, "a");
        assertThat(upstream.calls).extracting(UpstreamCall::traceparent).containsOnlyNulls();
    }
}
