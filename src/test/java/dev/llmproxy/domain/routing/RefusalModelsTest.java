package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.util.Arrays;
import java.util.List;

import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;

/** A tier's models for refusals: where a content refusal goes, when the tier names some. */
class RefusalModelsTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);
    private static final String REFUSED = "{\"error\":{\"code\":\"content_policy_violation\"}}";

    private final MutableClock clock = MutableClock.atEpoch();
    private final FakeUpstream upstream = new FakeUpstream(clock);
    private final ChainExecutor executor = upstream.executor();

    private static List<Candidate> models(String... names) {
        return Arrays.stream(names).map(m -> new Candidate(AllowedModel.of(m, "p", m), PROVIDER)).toList();
    }

    private ChainResult run(List<Candidate> chain, List<Candidate> onRefusal) {
        return executor.execute(new ChainPlan("req-1", chain, m -> RequestBody.of(new byte[0]), Settings.defaults(),
                null, 0, RunTrace.NONE, false, null, null, onRefusal)).join();
    }

    private static List<String> attempts(ChainResult r) {
        return r.attempts().stream().map(a -> a.model() + " " + a.outcome()).toList();
    }

    @Test
    void aRefusalGoesToTheTiersModelsForRefusalsNotToTheRestOfTheChain() {
        upstream.on("a", status(400, REFUSED)).on("b", ok("b")).on("c", ok("c"));

        ChainResult r = run(models("a", "b"), models("c"));

        assertThat(r).isInstanceOfSatisfying(ChainResult.Success.class, s -> {
            assertThat(s.model().name()).isEqualTo("c");
            assertThat(s.fallback()).isTrue();
        });
        assertThat(attempts(r)).containsExactly("a CONTENT_REFUSED", "c SUCCESS");
        assertThat(r.attempts().get(0).reason()).endsWith("; the tier sends refusals to [c]");
        assertThat(upstream.callsTo("b")).isZero();
    }

    @Test
    void aRefusalModelThatFailsOrRefusesHandsOnToTheNextAndTheLastRefusalIsTheAnswer() {
        upstream.on("a", status(400, REFUSED)).on("c", status(503)).on("d", status(400, REFUSED));

        ChainResult r = run(models("a"), models("c", "d"));

        assertThat(r).isInstanceOfSatisfying(ChainResult.Failure.class,
                f -> assertThat(f.error().kind()).isEqualTo(ErrorKind.CONTENT_POLICY));
        assertThat(attempts(r)).containsExactly("a CONTENT_REFUSED", "c SERVER_ERROR", "c SERVER_ERROR",
                "c SERVER_ERROR", "d CONTENT_REFUSED");
    }

    @Test
    void withoutModelsForRefusalsARefusalStopsAsBefore() {
        upstream.on("a", status(400, REFUSED)).on("b", ok("b"));

        ChainResult r = run(models("a", "b"), List.of());

        assertThat(r).isInstanceOf(ChainResult.Failure.class);
        assertThat(attempts(r)).containsExactly("a CONTENT_REFUSED");
        assertThat(r.attempts().get(0).reason()).doesNotContain("refusals to");
    }

    @Test
    void otherFailuresStillWalkTheChainAndNeverReachTheModelsForRefusals() {
        upstream.on("a", status(404)).on("b", status(404)).on("c", ok("c"));

        ChainResult r = run(models("a", "b"), models("c"));

        assertThat(r).isInstanceOf(ChainResult.Failure.class);
        assertThat(upstream.callsTo("c")).isZero();
        assertThat(r.attempts().stream().map(AttemptRecord::outcome)).doesNotContain(Outcome.SUCCESS);
    }
}
