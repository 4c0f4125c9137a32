package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;

class OwnTimeTest {

    private final MutableClock clock = MutableClock.atEpoch();

    @Test
    void theProxysOwnTimeIsWhatNothingElseHeld() {
        OwnTime own = new OwnTime(clock, clock.instant());
        clock.advance(Duration.ofMillis(2));
        OwnTime.Away call = own.away();
        clock.advance(Duration.ofMillis(300));
        assertThat(own.soFar()).isEqualTo(Duration.ofMillis(2)); // a call in flight is not the proxy's time
        call.end();
        clock.advance(Duration.ofMillis(3));
        assertThat(own.soFar()).isEqualTo(Duration.ofMillis(5));
    }

    @Test
    void overlappingStretchesCountOnceAndAStretchEndsOnce() {
        OwnTime own = new OwnTime(clock, clock.instant());
        OwnTime.Away first = own.away();
        clock.advance(Duration.ofMillis(100));
        OwnTime.Away hedge = own.away(); // a hedged turn's second call, beside the first
        clock.advance(Duration.ofMillis(100));
        first.end();
        first.end();
        clock.advance(Duration.ofMillis(50));
        hedge.end();
        clock.advance(Duration.ofMillis(1));
        assertThat(own.soFar()).isEqualTo(Duration.ofMillis(1));
    }

    @Test
    void untimedRecordsNothing() {
        OwnTime.Away away = OwnTime.UNTIMED.away();
        away.end();
        assertThat(OwnTime.UNTIMED.soFar()).isZero();
    }

    @Test
    void aChainsCallsAndItsRetrysBackoffAreNotTheProxysTime() {
        FakeUpstream upstream = new FakeUpstream(clock);
        upstream.onAfter("a", Duration.ofMillis(300), status(503)).onAfter("a", Duration.ofMillis(120), ok("a"));
        Map<Duration, CompletableFuture<Void>> sleeping = new LinkedHashMap<>();
        Sleeper sleeper = d -> sleeping.computeIfAbsent(d, k -> new CompletableFuture<>());
        ChainExecutor executor = upstream.executor(sleeper);
        Settings settings = Settings.builder().set("maxSameModelRetries", 2L).set("backoffInitialMs", 200L).build();
        Instant arrived = clock.instant().minusMillis(4); // the proxy's work before the run
        OwnTime own = new OwnTime(clock, arrived);
        Provider provider = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

        RunningChain run = executor.execute(new ChainPlan("req-1",
                List.of(new Candidate(AllowedModel.of("a", "p", "a"), provider)), m -> RequestBody.of(new byte[0]),
                settings, null, 0, RunTrace.NONE, false, null, own));
        // the first call failed; the retry's backoff is under way
        assertThat(sleeping).hasSize(1);
        Map.Entry<Duration, CompletableFuture<Void>> backoff = sleeping.entrySet().iterator().next();
        clock.advance(backoff.getKey());
        backoff.getValue().complete(null);

        assertThat(run).isDone();
        assertThat(run.join()).isInstanceOf(ChainResult.Success.class);
        assertThat(Duration.between(arrived, clock.instant())).isGreaterThan(Duration.ofMillis(500));
        assertThat(own.soFar()).isEqualTo(Duration.ofMillis(4));
    }
}
