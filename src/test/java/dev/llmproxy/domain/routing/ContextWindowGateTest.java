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

class ContextWindowGateTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);
    private static final String TOO_LONG = "{\"error\":{\"code\":\"context_length_exceeded\"}}";

    private final MutableClock clock = MutableClock.atEpoch();
    private final FakeUpstream upstream = new FakeUpstream(clock);
    private final ChainExecutor executor = upstream.executor();

    /** A model named {@code name:window}, e.g. {@code small:8000}; {@code name} alone declares no window. */
    private ChainResult run(String... models) {
        List<Candidate> chain = Arrays.stream(models).map(m -> {
            String[] parts = m.split(":");
            Integer window = parts.length > 1 ? Integer.valueOf(parts[1]) : null;
            return new Candidate(new AllowedModel(parts[0], "p", parts[0], null, true, false, null, window, false,
                    null, null, null, null, null, null), PROVIDER);
        }).toList();
        return executor.execute(new ChainPlan("req-1", chain, m -> RequestBody.of(new byte[0]), Settings.defaults()))
                .join();
    }

    private static List<Outcome> outcomes(ChainResult r) {
        return r.attempts().stream().map(AttemptRecord::outcome).toList();
    }

    @Test
    void aPromptTooLongForOneWindowSkipsEveryModelNoLargerAndMovesToOneThatFits() {
        upstream.on("a", status(400, TOO_LONG)).on("b", ok("b")).on("c", ok("c")).on("d", ok("d"));

        ChainResult r = run("a:8000", "b:8000", "c:4000", "d:128000");

        assertThat(r).isInstanceOf(ChainResult.Success.class);
        assertThat(((ChainResult.Success) r).model().name()).isEqualTo("d");
        assertThat(outcomes(r)).containsExactly(Outcome.CONTEXT_LENGTH, Outcome.SKIPPED_CONTEXT_WINDOW,
                Outcome.SKIPPED_CONTEXT_WINDOW, Outcome.SUCCESS);
        assertThat(r.attempts().get(1).reason())
                .isEqualTo("not called: its context window of 8000 tokens is no larger than the 8000 the prompt did not fit");
        assertThat(upstream.callsTo("b")).isZero();
        assertThat(upstream.callsTo("c")).isZero();
    }

    @Test
    void aModelWithoutADeclaredWindowIsStillTriedAndAWindowLearntGrows() {
        upstream.on("a", status(400, TOO_LONG)).on("b", status(400, TOO_LONG)).on("c", status(400, TOO_LONG))
                .on("d", ok("d"));

        ChainResult r = run("a:8000", "b", "c:32000", "small:16000", "d:200000");

        assertThat(outcomes(r)).containsExactly(Outcome.CONTEXT_LENGTH, Outcome.CONTEXT_LENGTH, Outcome.CONTEXT_LENGTH,
                Outcome.SKIPPED_CONTEXT_WINDOW, Outcome.SUCCESS);
    }

    @Test
    void whenNoModelLeftCanHoldThePromptTheCallerIsToldItIsTooLong() {
        upstream.on("a", status(400, TOO_LONG));

        ChainResult r = run("a:128000", "b:128000", "c:8000");

        assertThat(r).isInstanceOf(ChainResult.Failure.class);
        assertThat(((ChainResult.Failure) r).error().kind()).isEqualTo(ErrorKind.CONTEXT_LENGTH);
        assertThat(outcomes(r)).containsExactly(Outcome.CONTEXT_LENGTH, Outcome.SKIPPED_CONTEXT_WINDOW,
                Outcome.SKIPPED_CONTEXT_WINDOW);
    }

    @Test
    void aModelThatFitsIsNeverPassedOverOnTheProxysOwnEstimate() {
        upstream.on("small", ok("small"));

        ChainResult r = run("small:10");

        assertThat(outcomes(r)).containsExactly(Outcome.SUCCESS);
    }
}
