package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.RequestBody;
import dev.llmproxy.domain.breaker.BreakerPolicy;
import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.catalog.Provider;
import dev.llmproxy.domain.catalog.ProviderKind;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.Candidate;
import dev.llmproxy.domain.routing.ChainExecutor;
import dev.llmproxy.domain.routing.ChainPlan;
import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.routing.RateLimitCooldowns;
import dev.llmproxy.testing.FaultUpstream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static dev.llmproxy.testing.FaultUpstream.cutBody;
import static dev.llmproxy.testing.FaultUpstream.malformed;
import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.reset;
import static dev.llmproxy.testing.FaultUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * The outcome table (docs/routing.md), row by row, in process: the chain over the real upstream client against a
 * raw-socket upstream that fails the way providers do. What only the deployed WAR shows (the answer's headers, the
 * sanitised refusal, the provider's key on the wire) stays in the Arquillian ClassificationIT.
 */
class OutcomesOverTheWireTest {

    private static final Clock CLOCK = Clock.systemUTC();
    private static UpstreamClientFixture upstream;
    private static FaultUpstream fault;
    private static Provider provider;

    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(CLOCK);
    /** Breakers that never trip: the rows are about one request's outcomes (BreakerChainTest covers breakers). */
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.builder().failureThreshold(10_000)
            .consecutiveFailures(10_000).build(), CLOCK, "test", t -> { });
    /** Backoff between retries is the policy's business (BackoffTest): here it passes at once. */
    private final ChainExecutor executor = new ChainExecutor(call -> upstream.client.send(call),
            d -> CompletableFuture.completedFuture(null), CLOCK, cooldowns, breakers, () -> 0.5);
    private final Settings settings = Settings.builder().set("attemptTimeoutMs", 1500L).set("chainBudgetMs", 8000L)
            .set("maxSameModelRetries", 2L).set("rateLimitCooldownMs", 60_000L).build();

    @BeforeAll
    static void start() throws Exception {
        upstream = new UpstreamClientFixture(name -> name.equals("KEY") ? Optional.of("sk-test") : Optional.empty());
        fault = upstream.fault;
        provider = new Provider("fault", ProviderKind.OPENAI, URI.create(fault.baseUrl()), "KEY");
        fault.on("ok", ok());
        fault.on("s503", status(503));
        fault.on("reset", reset());
        fault.on("hang", fault.hang());
        fault.on("ctx", status(400, "{\"error\":{\"code\":\"context_length_exceeded\",\"message\":\"too long\"}}"));
        fault.on("s400", status(400));
        fault.on("s404", status(404));
        fault.on("s422", status(422));
        fault.on("s401", status(401));
        fault.on("s403", status(403));
        fault.on("r429", status(429, Map.of("Retry-After", "30"), "{\"error\":{\"message\":\"quota\"}}"));
        fault.on("trunc", ok("length"));
        fault.on("cut", cutBody());
        fault.on("malformed", malformed());
    }

    @AfterAll
    static void stop() throws Exception {
        upstream.close();
    }

    private ChainResult run(String... models) throws Exception {
        List<Candidate> chain = Arrays.stream(models)
                .map(m -> new Candidate(AllowedModel.of(m, "fault", m), provider)).toList();
        return executor.execute(new ChainPlan("req-1", chain, m -> RequestBody.of(("{\"model\":\"" + m.upstreamModel()
                + "\",\"messages\":[]}").getBytes(StandardCharsets.UTF_8)), settings)).get(30, TimeUnit.SECONDS);
    }

    private static List<Outcome> outcomes(ChainResult r) {
        return r.attempts().stream().map(AttemptRecord::outcome).toList();
    }

    /** Answered by {@code model}, a fallback or not, after these attempts' outcomes. */
    private static void assertAnsweredBy(ChainResult r, String model, boolean fallback, Outcome... outcomes) {
        assertThat(r).isInstanceOf(ChainResult.Success.class);
        ChainResult.Success s = (ChainResult.Success) r;
        assertThat(s.model().name()).isEqualTo(model);
        assertThat(s.fallback()).isEqualTo(fallback);
        assertThat(outcomes(r)).containsExactly(outcomes);
    }

    @Test
    void aRateLimitMovesOnAtOnceAndCoolsTheModelDown() throws Exception {
        ChainResult first = run("r429", "ok");
        assertAnsweredBy(first, "ok", true, Outcome.RATE_LIMITED, Outcome.SUCCESS);
        assertThat(first.saw429()).isTrue();
        assertAnsweredBy(run("r429", "ok"), "ok", true, Outcome.SKIPPED_COOLDOWN, Outcome.SUCCESS);
        assertThat(fault.calls("r429")).isEqualTo(1);
    }

    @Test
    void aServerErrorIsRetriedOnTheSameModelThenFallsBack() throws Exception {
        assertAnsweredBy(run("s503", "ok"), "ok", true,
                Outcome.SERVER_ERROR, Outcome.SERVER_ERROR, Outcome.SERVER_ERROR, Outcome.SUCCESS);
        assertThat(fault.calls("s503")).isEqualTo(3);
    }

    @Test
    void aResetBeforeTheHeadersIsRetriedThenFallsBack() throws Exception {
        assertAnsweredBy(run("reset", "ok"), "ok", true,
                Outcome.CONNECTION_FAILED, Outcome.CONNECTION_FAILED, Outcome.CONNECTION_FAILED, Outcome.SUCCESS);
        // a reset on a reused connection is how a stale keep-alive connection fails: sent once more on a new one
        assertThat(fault.calls("reset")).isBetween(3, 6);
    }

    @Test
    void anAttemptTimeoutMovesOnWithoutRetry() throws Exception {
        ChainResult r = run("hang", "ok");
        assertAnsweredBy(r, "ok", true, Outcome.TIMEOUT, Outcome.SUCCESS);
        assertThat(r.attempts().get(0).latency().toMillis()).isBetween(1400L, 6000L);
        assertThat(fault.calls("hang")).isEqualTo(1);
    }

    @Test
    void aPromptTooLongForTheModelMovesOn() throws Exception {
        assertAnsweredBy(run("ctx", "ok"), "ok", true, Outcome.CONTEXT_LENGTH, Outcome.SUCCESS);
        assertThat(fault.calls("ctx")).isEqualTo(1);
    }

    @Test
    void otherClientErrorsAndRetiredModelsMoveOn() throws Exception {
        assertAnsweredBy(run("s400", "s404", "s422", "ok"), "ok", true,
                Outcome.CLIENT_ERROR, Outcome.NOT_FOUND, Outcome.CLIENT_ERROR, Outcome.SUCCESS);
        assertThat(fault.calls("s400") + fault.calls("s404") + fault.calls("s422")).isEqualTo(3);
    }

    @Test
    void aProvidersRefusalOfTheCredentialsMovesOn() throws Exception {
        assertAnsweredBy(run("s401", "s403", "ok"), "ok", true, Outcome.AUTH_FAILED, Outcome.AUTH_FAILED,
                Outcome.SUCCESS);
    }

    @Test
    void aTruncatedAnswerIsTheAnswerAndSaysSo() throws Exception {
        ChainResult r = run("trunc", "ok");
        assertAnsweredBy(r, "trunc", false, Outcome.TRUNCATED);
        assertThat(((ChainResult.Success) r).truncated()).isTrue();
    }

    @Test
    void aBodyCutShortOrUnparsableIsAFailedAttemptNeverAPartialAnswer() throws Exception {
        assertAnsweredBy(run("cut", "malformed", "ok"), "ok", true,
                Outcome.MALFORMED_RESPONSE, Outcome.MALFORMED_RESPONSE, Outcome.MALFORMED_RESPONSE,
                Outcome.MALFORMED_RESPONSE, Outcome.MALFORMED_RESPONSE, Outcome.MALFORMED_RESPONSE, Outcome.SUCCESS);
        assertThat(fault.calls("cut")).isEqualTo(3);
        assertThat(fault.calls("malformed")).isEqualTo(3);
    }
}
