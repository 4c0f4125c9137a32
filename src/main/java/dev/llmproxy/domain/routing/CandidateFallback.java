package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.breaker.Breakers;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.failure.Verdict;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.streaming.StreamStats;
import dev.llmproxy.domain.upstream.UpstreamReply;

import java.time.Duration;
import java.util.List;

/**
 * The outer fallback of one run: gives each candidate of the chain its turn through the per-model policies
 * ({@link ModelStack}) and acts on how the turn ended, by the outcome table (docs/routing.md):
 * answer the client, move on to the next model, or end the chain. A truncated answer the table moved on from is
 * kept, and answers when no later model does better. Once a streamed answer has reached the client, what follows is
 * {@link StreamContinuation}'s. In a plan that hedges, a turn may race its candidate with the next
 * ({@link HedgeRace}).
 */
final class CandidateFallback {

    private final RunContext run;
    private final ModelStep stack;
    private final RateLimitCooldowns cooldowns;
    private final Breakers breakers;
    private final StreamContinuation continuation;
    private final HedgeDelay hedgeDelay;
    private final Sleeper sleeper;
    private ChainResult.Success keptTruncated;
    /** The latest hedged turn, or null. */
    private HedgeRace race;

    CandidateFallback(RunContext run, ModelStep stack, RateLimitCooldowns cooldowns, Breakers breakers,
                      ModelLatencies latencies, Sleeper sleeper) {
        this.run = run;
        this.stack = stack;
        this.cooldowns = cooldowns;
        this.breakers = breakers;
        this.hedgeDelay = new HedgeDelay(latencies);
        this.sleeper = sleeper;
        this.continuation = run.splice() == null ? null : new StreamContinuation(run, cooldowns);
    }

    RunningChain start() {
        turn(0);
        return run.result();
    }

    private void turn(int index) {
        if (run.done()) {
            return;
        }
        if (index >= run.plan().candidates().size()) {
            finishExhausted(false);
            return;
        }
        if (race != null && race.adopt(index)) {
            return; // started beside the model before: its turn goes on
        }
        Duration hedgeAfter = hedgeDelay.of(run, index);
        if (hedgeAfter != null) {
            race = new HedgeRace(run, stack, this::ended, hedgeAfter, index);
            race.start(sleeper);
            return;
        }
        ModelTry attempt = new ModelTry(run, run.plan().candidates().get(index), index, run.continuing());
        stack.runCatching(attempt).whenComplete((result, error) -> ended(attempt, result, error));
    }

    private void ended(ModelTry attempt, ModelResult result, Throwable error) {
        if (error != null) {
            // A defect in a policy must end the request with an answer, never leave it hanging.
            finish(new ChainResult.Failure(ProxyError.of(ErrorKind.INTERNAL, "The chain failed unexpectedly."),
                    attempts(), run.saw429()));
            return;
        }
        onTurnEnded(attempt, result);
    }

    /** The attempts as the result reports them; the chain ends now, so a racer still running is cancelled first. */
    private List<AttemptRecord> attempts() {
        if (race != null) {
            race.end();
        }
        return run.log().all();
    }

    private void onTurnEnded(ModelTry attempt, ModelResult result) {
        if (run.done()) {
            return;
        }
        if (result instanceof ModelResult.OutOfTime) {
            finishExhausted(true);
        } else if (result instanceof ModelResult.Skipped) {
            if (attempt.continuation()) {
                continueStream(attempt.index());
            } else {
                turn(attempt.index() + 1);
            }
        } else if (result instanceof ModelResult.Answered a && (continuation == null || !onStreamed(attempt, a))) {
            byTable(attempt, a);
        }
    }

    /** @return whether the streaming rules settled this answer */
    private boolean onStreamed(ModelTry attempt, ModelResult.Answered a) {
        if (a.reply() instanceof UpstreamReply.StreamEnded ended) {
            finish(continuation.ended(attempt.candidate(), ended));
            return true;
        }
        if (a.reply() instanceof UpstreamReply.StreamBroken broken) {
            run.splice().broken(attempt.candidate(), broken);
            if (a.verdict().action() == Verdict.Action.STOP) {
                stopped(attempt, a.verdict(), broken); // a refusal mid-answer is the caller's answer
                return true;
            }
            if (run.continuing()) {
                continueStream(attempt.index());
            } else {
                turn(attempt.index() + 1); // nothing reached the client (a held tool call was dropped): any model may answer afresh
            }
            return true;
        }
        if (attempt.continuation()) {
            continueStream(attempt.index()); // the continuation failed before its first token
            return true;
        }
        return false; // nothing sent yet: the ordinary table applies
    }

    private void continueStream(int after) {
        int next = continuation.nextAfter(after);
        if (next < 0) {
            finish(continuation.interrupted());
        } else {
            turn(next);
        }
    }

    private void byTable(ModelTry attempt, ModelResult.Answered a) {
        Verdict verdict = a.verdict();
        if (verdict.outcome() == Outcome.RATE_LIMITED) {
            if (verdict.action() == Verdict.Action.STOP) {
                finish(new ChainResult.Failure(ChainMessages.rateLimitedError(run.plan().soonest(cooldowns::remaining)),
                        attempts(), run.saw429()));
            } else {
                turn(attempt.index() + 1);
            }
            return;
        }
        switch (verdict.action()) {
            case SUCCEED -> finish(success(attempt, (UpstreamReply.Completed) a.reply(), verdict, attempts()));
            case RETRY_SAME -> turn(attempt.index() + 1); // the retries are spent
            case NEXT -> {
                if (verdict.outcome().truncated() && keptTruncated == null) {
                    // its attempts are filled in if the kept answer is used
                    keptTruncated = success(attempt, (UpstreamReply.Completed) a.reply(), verdict, List.of());
                }
                turn(attempt.index() + 1);
            }
            case STOP -> stopped(attempt, verdict, a.reply());
        }
    }

    /**
     * A verdict that stops: the run ends with it, unless it is a refusal the tier sends elsewhere
     * ({@link RefusalTurn}), whose models then take their turns.
     */
    private void stopped(ModelTry attempt, Verdict verdict, UpstreamReply reply) {
        if (!RefusalTurn.taken(run, attempt, verdict)) {
            finish(new ChainResult.Failure(ChainMessages.stopError(verdict, reply), attempts(), run.saw429()));
            return;
        }
        if (race != null) {
            race.end();
            race = null;
        }
        turn(0);
    }

    private ChainResult.Success success(ModelTry attempt, UpstreamReply.Completed reply, Verdict verdict,
                                        List<AttemptRecord> attempts) {
        return new ChainResult.Success(attempt.candidate().model(), reply, attempt.fallback(),
                verdict.outcome().truncated(), attempts, run.saw429());
    }

    private void finishExhausted(boolean budgetSpent) {
        if (keptTruncated != null) {
            ChainResult.Success kept = keptTruncated;
            finish(new ChainResult.Success(kept.model(), kept.reply(), kept.fallback(), true, attempts(),
                    run.saw429()));
            return;
        }
        ProxyError error = ChainMessages.exhaustedError(attempts(), run.plan().settings(), budgetSpent,
                run.plan().soonest(cooldowns::remaining), run.plan().soonest(name -> breakers.of(name).untilProbe()));
        finish(new ChainResult.Failure(error, attempts(), run.saw429()));
    }

    private void finish(ChainResult r) {
        if (run.splice() != null && r instanceof ChainResult.Failure f && f.stats() == StreamStats.NONE) {
            r = new ChainResult.Failure(f.error(), f.attempts(), f.saw429(), run.splice().stats());
        }
        run.finish(r);
    }
}
