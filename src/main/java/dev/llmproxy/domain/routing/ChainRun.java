package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.breaker.CircuitBreaker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.DoubleSupplier;

/**
 * The state of one request's walk down its chain. Steps run one at a time (each is triggered by the completion of
 * the previous attempt or wait), so the fields need no locking; only the in-flight future is read across threads.
 */
final class ChainRun {

    private final ChainPlan plan;
    private final UpstreamPort upstream;
    private final Sleeper sleeper;
    private final Clock clock;
    private final RateLimitCooldowns cooldowns;
    private final Backoff backoff;
    private final Deadline deadline;
    private final AttemptLog log;
    private final RunningChain result;

    private volatile CompletableFuture<?> inFlight;
    private int index;
    private int retries;
    private boolean waitedForRetryAfter;
    private boolean bypassCooldown;
    private boolean saw429;
    private boolean budgetSpent;
    private ChainResult.Success keptTruncated;
    /** Null unless the request streams. */
    private final StreamSplice splice;
    private final Breakers breakers;
    private final HeldPermit permit = new HeldPermit();

    ChainRun(ChainPlan plan, UpstreamPort upstream, Sleeper sleeper, Clock clock, RateLimitCooldowns cooldowns,
             Breakers breakers, DoubleSupplier random) {
        this.plan = plan;
        this.breakers = breakers;
        this.upstream = upstream;
        this.sleeper = sleeper;
        this.clock = clock;
        this.cooldowns = cooldowns;
        this.backoff = new Backoff(plan.settings().backoffInitial(), plan.settings().backoffMax(), random);
        this.deadline = new Deadline(clock, plan.settings().chainBudget());
        this.log = new AttemptLog(clock);
        this.result = new RunningChain(log);
        this.splice = plan.stream() == null ? null : new StreamSplice(plan.stream(), clock);
    }

    RunningChain start() {
        result.whenComplete((r, e) -> {
            CompletableFuture<?> current = inFlight;
            if (result.isCancelled() && current != null) {
                current.cancel(true);
            }
            if (result.isCancelled()) {
                permit.releaseNeutral();
            }
        });
        step();
        return result;
    }

    private void step() {
        if (result.isDone()) {
            return;
        }
        if (index >= plan.candidates().size()) {
            finishExhausted();
            return;
        }
        Candidate candidate = plan.candidates().get(index);
        String name = candidate.model().name();
        Optional<Duration> cooling = bypassCooldown ? Optional.empty() : cooldowns.remaining(name);
        if (cooling.isPresent()) {
            saw429 = true;
            log.skipped(name, Outcome.SKIPPED_COOLDOWN,
                    "not called: rate-limited, cooling down for another " + ChainMessages.ceilSeconds(cooling.get()) + " s");
            next();
            return;
        }
        // A continuation finishes an answer the client is already reading: the budget for starting one is spent.
        boolean continuation = splice != null && splice.committed();
        if (deadline.expired() && !continuation) {
            budgetSpent = true;
            finishExhausted();
            return;
        }
        // Last gate before the call: a permit taken here is always reported, so a probe slot is never lost.
        CircuitBreaker breaker = breakers.of(name);
        CircuitBreaker.Permit granted = breaker.tryAcquire();
        if (granted == CircuitBreaker.Permit.REFUSED) {
            log.skipped(name, Outcome.SKIPPED_BREAKER_OPEN, "not called: circuit open"
                    + breaker.untilProbe().map(d -> ", next probe in " + ChainMessages.ceilSeconds(d) + " s").orElse(""));
            next();
            return;
        }
        permit.hold(breaker, granted);
        Duration timeout = continuation ? plan.settings().attemptTimeout() : deadline.cap(plan.settings().attemptTimeout());
        Instant started = log.calling(name);
        CompletableFuture<UpstreamReply> call;
        try {
            call = upstream.send(callFor(candidate, timeout, continuation));
        } catch (RuntimeException e) {
            call = CompletableFuture.failedFuture(e);
        }
        inFlight = call;
        if (result.isCancelled()) {
            call.cancel(true);
        }
        call.whenComplete((reply, error) -> onReply(candidate, started, timeout, reply, error));
    }

    private UpstreamCall callFor(Candidate candidate, Duration timeout, boolean continuation) {
        if (splice == null) {
            byte[] body = plan.payload().bodyFor(candidate.model());
            return new UpstreamCall(plan.requestId(), candidate.provider(), candidate.model(), body, timeout);
        }
        byte[] body = continuation ? plan.payload().continuationFor(candidate.model(), splice.partialAnswer())
                : plan.payload().bodyFor(candidate.model());
        Duration firstToken = min(plan.settings().firstTokenTimeout(), timeout);
        return new UpstreamCall(plan.requestId(), candidate.provider(), candidate.model(), body, timeout,
                splice.observerFor(candidate, index > 0, saw429),
                new StreamLimits(firstToken, plan.settings().streamIdleTimeout()));
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    private void onReply(Candidate candidate, Instant started, Duration timeout, UpstreamReply reply, Throwable error) {
        if (result.isDone()) {
            return;
        }
        if (error != null) {
            // A defect in a port must end as a failed attempt, never as a request that hangs.
            reply = new UpstreamReply.Failed(FailureKind.CONNECT, "client error: " + error);
        }
        Duration latency = Duration.between(started, clock.instant());
        Verdict verdict = OutcomeClassifier.classify(reply, plan.settings());
        String reason = ChainMessages.reasonFor(reply, timeout);
        permit.report(verdict, reason);
        log.answered(new AttemptRecord(candidate.model().name(), verdict.outcome(), ChainMessages.statusOf(reply),
                latency, reason));
        bypassCooldown = false;
        if (splice != null && onStreamReply(candidate, reply, verdict)) {
            return;
        }
        if (verdict.outcome() == Outcome.RATE_LIMITED) {
            onRateLimited(candidate, (UpstreamReply.HttpError) reply, verdict);
            return;
        }
        switch (verdict.action()) {
            case SUCCEED -> complete(success(candidate, (UpstreamReply.Completed) reply, verdict));
            case RETRY_SAME -> retryOrNext();
            case NEXT -> {
                if (verdict.outcome() == Outcome.TRUNCATED && keptTruncated == null) {
                    keptTruncated = success(candidate, (UpstreamReply.Completed) reply, verdict);
                }
                next();
            }
            case STOP -> complete(new ChainResult.Failure(ChainMessages.stopError(verdict, reply), log.all(), saw429));
        }
    }

    /** @return whether the streaming rules settled this reply */
    private boolean onStreamReply(Candidate candidate, UpstreamReply reply, Verdict verdict) {
        if (reply instanceof UpstreamReply.StreamEnded e) {
            splice.ended(e);
            boolean oneModel = splice.continuations() == 0;
            complete(new ChainResult.Streamed(candidate.model(), e.answeredModel(), e.finishReason(),
                    oneModel ? e.usage() : TokenUsage.NONE, splice.fallback(), "length".equals(e.finishReason()),
                    splice.stats(), log.all(), saw429));
            return true;
        }
        if (reply instanceof UpstreamReply.StreamBroken b) {
            splice.broken(candidate, b);
            if (!splice.committed()) {
                next(); // nothing reached the client (a held tool call was dropped): any model may answer afresh
            } else {
                continueStream();
            }
            return true;
        }
        if (!splice.committed()) {
            return false; // nothing sent yet: the ordinary table applies
        }
        // A continuation failed before its first token.
        if (verdict.outcome() == Outcome.RATE_LIMITED) {
            coolDown(candidate, (UpstreamReply.HttpError) reply);
        }
        continueStream();
        return true;
    }

    /** Moves to the next model that can take the partial answer as a prefill, or ends the stream with an error. */
    private void continueStream() {
        for (int j = index + 1; splice.continuable() && j < plan.candidates().size(); j++) {
            Candidate c = plan.candidates().get(j);
            if (c.model().supportsPrefill() && cooldowns.remaining(c.model().name()).isEmpty()) {
                index = j;
                retries = 0;
                splice.continuing();
                step();
                return;
            }
        }
        complete(new ChainResult.Failure(ChainMessages.streamInterruptedError(splice.breakCause(),
                splice.continuations(), log.all(), !splice.continuable()), log.all(), saw429, splice.stats()));
    }

    /** A 429: the model is skipped for its Retry-After, or for rateLimitCooldownMs when it gave none. */
    private void coolDown(Candidate candidate, UpstreamReply.HttpError reply) {
        saw429 = true;
        cooldowns.coolDown(candidate.model().name(),
                reply.retryAfter() != null ? reply.retryAfter() : plan.settings().rateLimitCooldown());
    }

    private void onRateLimited(Candidate candidate, UpstreamReply.HttpError reply, Verdict verdict) {
        coolDown(candidate, reply);
        Duration retryAfter = reply.retryAfter();
        if (verdict.action() == Verdict.Action.STOP) {
            complete(new ChainResult.Failure(ChainMessages.rateLimitedError(plan.soonest(cooldowns::remaining)),
                    log.all(), saw429));
            return;
        }
        boolean othersLeft = plan.candidates().subList(index + 1, plan.candidates().size()).stream()
                .anyMatch(c -> cooldowns.remaining(c.model().name()).isEmpty());
        if (!othersLeft && retryAfter != null && !waitedForRetryAfter && plan.settings().waitForRetryAfterOnLastModel()
                && retryAfter.compareTo(deadline.remaining()) < 0) {
            // Nothing else can answer: waiting out the quota within the budget beats failing.
            waitedForRetryAfter = true;
            bypassCooldown = true;
            waitThenStep(retryAfter);
            return;
        }
        next();
    }

    private void retryOrNext() {
        if (retries < plan.settings().maxSameModelRetries()) {
            Duration delay = backoff.delay(retries + 1);
            if (delay.compareTo(deadline.remaining()) < 0) {
                retries++;
                waitThenStep(delay);
                return;
            }
        }
        next();
    }

    private void waitThenStep(Duration delay) {
        CompletableFuture<Void> wait = sleeper.sleep(delay);
        inFlight = wait;
        if (result.isCancelled()) {
            wait.cancel(true);
        }
        wait.whenComplete((ignored, error) -> step());
    }

    private void next() {
        index++;
        retries = 0;
        step();
    }

    private ChainResult.Success success(Candidate candidate, UpstreamReply.Completed reply, Verdict verdict) {
        return new ChainResult.Success(candidate.model(), reply, index > 0, verdict.outcome() == Outcome.TRUNCATED,
                log.all(), saw429);
    }

    private void finishExhausted() {
        if (keptTruncated != null) {
            ChainResult.Success kept = keptTruncated;
            complete(new ChainResult.Success(kept.model(), kept.reply(), kept.fallback(), true, log.all(), saw429));
            return;
        }
        complete(new ChainResult.Failure(exhaustedError(), log.all(), saw429));
    }

    private ProxyError exhaustedError() {
        return ChainMessages.exhaustedError(log.all(), plan.settings(), budgetSpent, plan.soonest(cooldowns::remaining),
                plan.soonest(name -> breakers.of(name).untilProbe()));
    }

    private void complete(ChainResult r) {
        inFlight = null;
        if (splice != null && r instanceof ChainResult.Failure f && f.stats() == StreamStats.NONE) {
            r = new ChainResult.Failure(f.error(), f.attempts(), f.saw429(), splice.stats());
        }
        result.complete(r);
    }
}
