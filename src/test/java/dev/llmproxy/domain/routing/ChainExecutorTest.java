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
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.FailureKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamPort;
import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import static dev.llmproxy.domain.routing.FakeUpstream.failed;
import static dev.llmproxy.domain.routing.FakeUpstream.ok;
import static dev.llmproxy.domain.routing.FakeUpstream.rateLimited;
import static dev.llmproxy.domain.routing.FakeUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.tuple;

class ChainExecutorTest {

    private static final Provider PROVIDER = new Provider("p", ProviderKind.OPENAI, URI.create("http://127.0.0.1:1/v1"), null);

    private final MutableClock clock = MutableClock.atEpoch();
    private final FakeUpstream upstream = new FakeUpstream(clock);
    private final List<Duration> sleeps = new ArrayList<>();
    private final Sleeper sleeper = d -> {
        sleeps.add(d);
        clock.advance(d);
        return CompletableFuture.completedFuture(null);
    };
    private final RateLimitCooldowns cooldowns = new RateLimitCooldowns(clock);
    /** Breakers that never trip: these tests are about the outcome table alone (BreakerChainTest covers breakers). */
    private final Breakers breakers = new Breakers(() -> BreakerPolicy.builder().failureThreshold(10_000)
            .consecutiveFailures(10_000).build(), clock, "test", t -> { });
    private final ChainExecutor executor = new ChainExecutor(upstream, sleeper, clock, cooldowns, breakers, () -> 0.5);
    private Settings settings = Settings.builder()
            .set("attemptTimeoutMs", 3000L).set("chainBudgetMs", 10_000L).set("maxSameModelRetries", 2L)
            .set("backoffInitialMs", 200L).set("backoffMaxMs", 2000L).set("rateLimitCooldownMs", 60_000L)
            .build();

    private ChainResult run(String... models) {
        CompletableFuture<ChainResult> f = start(models);
        assertThat(f).isDone();
        return f.join();
    }

    private RunningChain start(String... models) {
        List<Candidate> chain = Arrays.stream(models).map(m -> new Candidate(AllowedModel.of(m, "p", m), PROVIDER)).toList();
        return executor.execute(new ChainPlan("req-1", chain, m -> RequestBody.of(m.upstreamModel().getBytes()), settings));
    }

    private static List<Outcome> outcomes(ChainResult r) {
        return r.attempts().stream().map(AttemptRecord::outcome).toList();
    }

    @Test
    void aPlainCallWhoseAnswerIsLostIsBilledItsWholeAllowanceNotNothing() {
        upstream.on("a", FakeUpstream.failed(FailureKind.ANSWER_TIMEOUT)).on("b", FakeUpstream.failed(FailureKind.RESET))
                .on("c", ok("c"));
        List<Candidate> chain = Arrays.stream(new String[] {"a", "b", "c"})
                .map(m -> new Candidate(AllowedModel.of(m, "p", m), PROVIDER)).toList();
        ChainResult r = executor.execute(new ChainPlan("req-1", chain, m -> RequestBody.of(m.upstreamModel().getBytes()), settings, null,
                100, RunTrace.NONE, false, new dev.llmproxy.domain.spend.OutputAllowance(500, 0))).join();
        // its provider may have produced the whole answer the caller allowed; a call that never connected costs nothing
        assertThat(r.attempts().get(0).tokens()).isEqualTo(600);
        assertThat(r.attempts().get(1).tokens()).isNull();
    }

    @Test
    void completeAnswerFromFirstModelIsNotAFallback() {
        upstream.on("a", ok("a"));
        ChainResult r = run("a", "b");
        assertThat(r).isInstanceOf(ChainResult.Success.class);
        ChainResult.Success s = (ChainResult.Success) r;
        assertThat(s.model().name()).isEqualTo("a");
        assertThat(s.fallback()).isFalse();
        assertThat(s.saw429()).isFalse();
        assertThat(outcomes(r)).containsExactly(Outcome.SUCCESS);
    }

    @Test
    void rateLimitMovesOnAtOnceWithoutRetryAndCoolsTheModelDown() {
        upstream.on("a", rateLimited(Duration.ofSeconds(30))).on("b", ok("b"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(s.model().name()).isEqualTo("b");
        assertThat(s.fallback()).isTrue();
        assertThat(s.saw429()).isTrue();
        assertThat(upstream.callsTo("a")).isEqualTo(1);
        assertThat(sleeps).isEmpty();
        assertThat(cooldowns.remaining("a")).hasValueSatisfying(d -> assertThat(d).isBetween(Duration.ofSeconds(29), Duration.ofSeconds(30)));

        // A later request skips the cooling model without calling it.
        ChainResult later = run("a", "b");
        assertThat(outcomes(later)).containsExactly(Outcome.SKIPPED_COOLDOWN, Outcome.SUCCESS);
        assertThat(upstream.callsTo("a")).isEqualTo(1);
    }

    @Test
    void rateLimitWithoutRetryAfterCoolsDownForTheDefault() {
        upstream.on("a", rateLimited(null)).on("b", ok("b"));
        run("a", "b");
        assertThat(cooldowns.remaining("a")).hasValueSatisfying(d -> assertThat(d).isGreaterThan(Duration.ofSeconds(59)));
    }

    @Test
    void everyModelRateLimitedAnswers429WithTheSoonestRetryAfter() {
        upstream.on("a", rateLimited(Duration.ofSeconds(40))).on("b", rateLimited(Duration.ofSeconds(20)));
        settings = settings.toBuilder().set("waitForRetryAfterOnLastModel", false).build();
        ChainResult.Failure f = (ChainResult.Failure) run("a", "b");
        assertThat(f.error().kind()).isEqualTo(ErrorKind.UPSTREAM_RATE_LIMITED);
        assertThat(f.error().retryAfter()).isBetween(Duration.ofSeconds(19), Duration.ofSeconds(20));
        assertThat(f.saw429()).isTrue();
    }

    @Test
    void lastModelLeftWaitsOutItsRetryAfterWithinTheBudget() {
        upstream.on("a", rateLimited(Duration.ofSeconds(60)))
                .on("b", rateLimited(Duration.ofSeconds(2)), ok("b"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(s.model().name()).isEqualTo("b");
        assertThat(sleeps).containsExactly(Duration.ofSeconds(2));
        assertThat(outcomes(s)).containsExactly(Outcome.RATE_LIMITED, Outcome.RATE_LIMITED, Outcome.SUCCESS);
    }

    @Test
    void retryAfterLongerThanTheBudgetIsNotWaitedFor() {
        upstream.on("a", rateLimited(Duration.ofSeconds(30)));
        ChainResult.Failure f = (ChainResult.Failure) run("a");
        assertThat(sleeps).isEmpty();
        assertThat(f.error().kind()).isEqualTo(ErrorKind.UPSTREAM_RATE_LIMITED);
        assertThat(f.error().retryAfter()).isEqualTo(Duration.ofSeconds(30));
    }

    @Test
    void serverErrorRetriesTheSameModelWithJitteredExponentialBackoffThenMovesOn() {
        upstream.on("a", status(503)).on("b", ok("b"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(upstream.callsTo("a")).isEqualTo(3);
        // random 0.5: half the base plus half of the other half
        assertThat(sleeps).containsExactly(Duration.ofMillis(150), Duration.ofMillis(300));
        assertThat(outcomes(s)).containsExactly(Outcome.SERVER_ERROR, Outcome.SERVER_ERROR, Outcome.SERVER_ERROR, Outcome.SUCCESS);
        assertThat(s.fallback()).isTrue();
    }

    @Test
    void serverErrorThatRecoversOnRetryIsNotAFallback() {
        upstream.on("a", status(502), ok("a"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(s.model().name()).isEqualTo("a");
        assertThat(s.fallback()).isFalse();
    }

    @Test
    void connectionResetBeforeHeadersIsRetriedOnTheSameModel() {
        upstream.on("a", failed(FailureKind.RESET), ok("a"));
        ChainResult.Success s = (ChainResult.Success) run("a");
        assertThat(outcomes(s)).containsExactly(Outcome.CONNECTION_FAILED, Outcome.SUCCESS);
    }

    @Test
    void malformedSuccessBodyIsAFailedAttemptAndRetried() {
        upstream.on("a", failed(FailureKind.MALFORMED), ok("a"));
        ChainResult.Success s = (ChainResult.Success) run("a");
        assertThat(outcomes(s)).containsExactly(Outcome.MALFORMED_RESPONSE, Outcome.SUCCESS);
    }

    @Test
    void attemptTimeoutIsNotRetriedOnTheSameModel() {
        upstream.onAfter("a", Duration.ofSeconds(5), ok("a")).on("b", ok("b"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(upstream.callsTo("a")).isEqualTo(1);
        assertThat(outcomes(s)).containsExactly(Outcome.TIMEOUT, Outcome.SUCCESS);
        assertThat(s.attempts().get(0).reason()).contains("3000 ms");
    }

    @Test
    void lastAttemptTimingOutAnswers504() {
        upstream.onAfter("a", Duration.ofSeconds(5), ok("a"));
        ChainResult.Failure f = (ChainResult.Failure) run("a");
        assertThat(f.error().kind()).isEqualTo(ErrorKind.TIMEOUT);
    }

    @Test
    void contextLengthExceededMovesOnWithoutRetry() {
        upstream.on("a", status(400, "{\"error\":{\"code\":\"context_length_exceeded\"}}")).on("b", ok("b"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(outcomes(s)).containsExactly(Outcome.CONTEXT_LENGTH, Outcome.SUCCESS);
    }

    @Test
    void promptTooLongForEveryModelAnswers400ContextLength() {
        upstream.on("a", status(400, "This model's maximum context length is 8192 tokens"))
                .on("b", status(400, "{\"error\":{\"code\":\"context_length_exceeded\"}}"));
        ChainResult.Failure f = (ChainResult.Failure) run("a", "b");
        assertThat(f.error().kind()).isEqualTo(ErrorKind.CONTEXT_LENGTH);
    }

    @Test
    void contentRefusalStopsTheChainWithACleanMessage() {
        upstream.on("a", status(400, "{\"error\":{\"code\":\"content_policy_violation\",\"message\":\"internal detail\"}}"));
        ChainResult.Failure f = (ChainResult.Failure) run("a", "b");
        assertThat(f.error().kind()).isEqualTo(ErrorKind.CONTENT_POLICY);
        assertThat(f.error().message()).doesNotContain("internal detail");
        assertThat(upstream.callsTo("b")).isZero();
    }

    @Test
    void routingAroundARefusalIsOptIn() {
        settings = settings.toBuilder().set("routeAroundContentRefusals", true).build();
        upstream.on("a", status(400, "content_filter")).on("b", ok("b"));
        assertThat(run("a", "b")).isInstanceOf(ChainResult.Success.class);
    }

    @Test
    void otherClientErrorsAndRetiredModelsMoveOnWithoutRetry() {
        upstream.on("a", status(400)).on("b", status(404)).on("c", status(422)).on("d", ok("d"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b", "c", "d");
        assertThat(outcomes(s)).containsExactly(Outcome.CLIENT_ERROR, Outcome.NOT_FOUND, Outcome.CLIENT_ERROR, Outcome.SUCCESS);
        assertThat(sleeps).isEmpty();
    }

    @Test
    void providerAuthFailuresMoveOn() {
        upstream.on("a", status(401)).on("b", status(403)).on("c", ok("c"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b", "c");
        assertThat(outcomes(s)).containsExactly(Outcome.AUTH_FAILED, Outcome.AUTH_FAILED, Outcome.SUCCESS);
    }

    @Test
    void breakerFailuresFollowTheTable() {
        assertThat(OutcomeClassifier.classify(status(404), settings.outcomes()).breakerFailure()).isTrue();
        assertThat(OutcomeClassifier.classify(status(401), settings.outcomes()).breakerFailure()).isTrue();
        assertThat(OutcomeClassifier.classify(status(503), settings.outcomes()).breakerFailure()).isTrue();
        assertThat(OutcomeClassifier.classify(failed(FailureKind.TIMEOUT), settings.outcomes()).breakerFailure()).isTrue();
        // a credential that could not be had: the operator's to fix, never the model's health
        assertThat(OutcomeClassifier.classify(failed(FailureKind.NO_CREDENTIAL), settings.outcomes()).breakerFailure())
                .isFalse();
        assertThat(OutcomeClassifier.classify(failed(FailureKind.NO_CREDENTIAL), settings.outcomes()).outcome())
                .isEqualTo(Outcome.AUTH_FAILED);
        // a plain call's whole answer late: maybe the long answer its caller asked for
        assertThat(OutcomeClassifier.classify(failed(FailureKind.ANSWER_TIMEOUT), settings.outcomes()).breakerFailure())
                .isFalse();
        assertThat(OutcomeClassifier.classify(failed(FailureKind.RESET), settings.outcomes()).breakerFailure()).isTrue();
        assertThat(OutcomeClassifier.classify(rateLimited(null), settings.outcomes()).breakerFailure()).isFalse();
        assertThat(OutcomeClassifier.classify(status(400, "content_policy_violation"), settings.outcomes()).breakerFailure()).isFalse();
        assertThat(OutcomeClassifier.classify(status(400, "context_length_exceeded"), settings.outcomes()).breakerFailure()).isFalse();
    }

    @Test
    void statusOutsideEveryListStopsTheChain() {
        upstream.on("a", status(418));
        ChainResult.Failure f = (ChainResult.Failure) run("a", "b");
        assertThat(f.error().kind()).isEqualTo(ErrorKind.UPSTREAM_FAILED);
        assertThat(upstream.callsTo("b")).isZero();
    }

    @Test
    void statusListsAreSettings() {
        settings = settings.toBuilder().set("sameModelRetryStatuses", List.of()).set("nextModelStatuses", List.of(503)).build();
        upstream.on("a", status(503)).on("b", ok("b"));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(upstream.callsTo("a")).isEqualTo(1);
        assertThat(s.model().name()).isEqualTo("b");
    }

    @Test
    void truncatedAnswerIsAcceptedAndMarkedByDefault() {
        upstream.on("a", new UpstreamReply.Completed(Answers.text(""), "a", Finish.LENGTH, TokenUsage.NONE));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(s.truncated()).isTrue();
        assertThat(outcomes(s)).containsExactly(Outcome.TRUNCATED);
    }

    @Test
    void truncationPolicyNextTriesTheNextModelAndKeepsTheTruncatedAnswerIfNothingBetterComes() {
        settings = settings.toBuilder().set("truncationPolicy", "next").build();
        upstream.on("a", new UpstreamReply.Completed(Answers.text(""), "a", Finish.LENGTH, TokenUsage.NONE)).on("b", status(404));
        ChainResult.Success s = (ChainResult.Success) run("a", "b");
        assertThat(s.model().name()).isEqualTo("a");
        assertThat(s.truncated()).isTrue();
        assertThat(outcomes(s)).containsExactly(Outcome.TRUNCATED, Outcome.NOT_FOUND);
    }

    @Test
    void attemptTimeoutIsCappedByWhatIsLeftOfTheBudget() {
        settings = settings.toBuilder().set("chainBudgetMs", 4000L).build();
        upstream.onAfter("a", Duration.ofMillis(2500), status(404)).on("b", ok("b"));
        run("a", "b");
        assertThat(upstream.calls.get(0).timeout()).isEqualTo(Duration.ofMillis(3000));
        assertThat(upstream.calls.get(1).timeout()).isEqualTo(Duration.ofMillis(1500));
    }

    @Test
    void noAttemptStartsAfterTheChainBudgetIsSpent() {
        settings = settings.toBuilder().set("chainBudgetMs", 3000L).build();
        upstream.onAfter("a", Duration.ofSeconds(9), ok("a")).on("b", ok("b"));
        ChainResult.Failure f = (ChainResult.Failure) run("a", "b");
        assertThat(upstream.callsTo("b")).isZero();
        assertThat(f.error().kind()).isEqualTo(ErrorKind.TIMEOUT);
        assertThat(f.error().message()).contains("chain budget");
    }

    @Test
    void noBackoffIsStartedThatWouldOutlastTheBudget() {
        settings = settings.toBuilder().set("chainBudgetMs", 250L).set("backoffInitialMs", 1000L).build();
        upstream.on("a", status(503)).on("b", ok("b"));
        run("a", "b");
        assertThat(sleeps).isEmpty();
        assertThat(upstream.callsTo("a")).isEqualTo(1);
    }

    @Test
    void cancellingTheRunCancelsTheAttemptInFlight() {
        upstream.hangs("a");
        CompletableFuture<ChainResult> f = start("a");
        assertThat(f).isNotDone();
        f.cancel(true);
        assertThat(upstream.pending.get(0)).isCancelled();
    }

    @Test
    void aCancelledRunStillNamesEveryAttemptWithTheOneInFlightAbandoned() {
        RunningChain f = failThenHang();
        clock.advance(Duration.ofMillis(700));
        f.cancel(true);
        assertThat(f.attemptsSoFar()).extracting(AttemptRecord::model, AttemptRecord::outcome)
                .containsExactly(tuple("a", Outcome.SERVER_ERROR), tuple("b", Outcome.ABANDONED));
        assertThat(f.attemptsSoFar().get(1).latency()).isEqualTo(Duration.ofMillis(700));
        assertThat(f.attemptsSoFar().get(1).reason()).contains("client went away");
    }

    @Test
    void aRunStillGoingReportsOnlyTheAttemptsThatEnded() {
        RunningChain f = failThenHang();
        assertThat(f.attemptsSoFar()).extracting(AttemptRecord::outcome).containsExactly(Outcome.SERVER_ERROR);
    }

    /** A run whose first model failed (no retry) and whose second is in flight for good. */
    private RunningChain failThenHang() {
        upstream.on("a", status(503)).hangs("b");
        settings = settings.toBuilder().set("maxSameModelRetries", 0L).build();
        return start("a", "b");
    }

    @Test
    void aPortThatThrowsEndsAsAFailedAttemptNotAHang() {
        UpstreamPort broken = call -> { throw new IllegalStateException("bug"); };
        ChainExecutor ex = new ChainExecutor(broken, sleeper, clock, cooldowns, breakers, () -> 0.0);
        CompletableFuture<ChainResult> f = ex.execute(new ChainPlan("r", List.of(new Candidate(AllowedModel.of("a", "p", "a"), PROVIDER)),
                m -> RequestBody.of(new byte[0]), settings));
        assertThat(f.join()).isInstanceOf(ChainResult.Failure.class);
    }
}
