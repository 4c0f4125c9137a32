package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.streaming.UpstreamEvents;

import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What one run remembers while its policies act: the plan, the deadline, the attempts so far, the streaming splice,
 * the breaker permit in flight and the two facts the errors need. Steps run one at a time (each is triggered by the
 * completion of the previous attempt or wait), so the flags need no locking; only the future in flight and the
 * permit are touched by the thread that cancels the run.
 *
 * <p>A hedged turn runs each of its two candidates in a racer of the run ({@link #racer}): it shares the run's plan,
 * deadline, log, splice and flags, and has its own attempt in flight and permit, cancelled when it loses the race or
 * the run ends.
 */
final class RunContext {

    private final RunCourse course;
    private final Deadline deadline;
    private final AttemptLog log;
    private final RunningChain result;
    /** Null unless the request streams. */
    private final StreamSplice splice;
    /** The run itself: this one, unless this is a racer. */
    private final RunContext root;
    /** A racer's: the race it runs in, and its life, cancelled when it loses; null for the run itself. */
    private final HedgeRace race;
    private final CompletableFuture<Void> racing;
    private final List<RunContext> racers = new CopyOnWriteArrayList<>();
    private final InFlightPermit permit = new InFlightPermit();
    private volatile CompletableFuture<?> inFlight;
    private volatile boolean saw429;
    private volatile boolean waitedForRetryAfter;

    RunContext(ChainPlan plan, Clock clock) {
        this.course = new RunCourse(plan);
        this.deadline = new Deadline(clock, plan.settings().timeBudgets().chain());
        this.log = new AttemptLog(clock, plan.trace(), plan.ownTime());
        this.result = new RunningChain(log);
        this.splice = plan.stream() == null ? null
                : new StreamSplice(plan.stream(), clock, CommitWindow.of(plan.settings().streaming(), clock));
        this.root = this;
        this.race = null;
        this.racing = null;
        result.whenComplete((r, e) -> {
            if (result.isCancelled()) {
                stopInFlight();
            }
            racers.forEach(racer -> racer.racing.cancel(true)); // the run is over: no racer may go on
        });
    }

    private RunContext(RunContext root, HedgeRace race) {
        this.deadline = root.deadline;
        this.log = root.log;
        this.course = root.course;
        this.result = root.result;
        this.splice = root.splice;
        this.root = root;
        this.race = race;
        this.racing = new CompletableFuture<>();
        racing.whenComplete((v, e) -> stopInFlight());
    }

    /** A racer of this run, for one candidate of {@code race}. */
    RunContext racer(HedgeRace race) {
        RunContext racer = new RunContext(root, race);
        root.racers.add(racer);
        if (root.done()) {
            racer.racing.cancel(true);
        }
        return racer;
    }

    /** This racer lost: its call in flight, if any, is recorded as outrun and cancelled. */
    void lose(String reason) {
        log.outrun(this, reason);
        racing.cancel(true);
    }

    private void stopInFlight() {
        CompletableFuture<?> current = inFlight;
        if (current != null) {
            current.cancel(true);
        }
        permit.releaseNeutral();
    }

    /** The run's plan: the chain's, or after a content refusal the tier's models for refusals ({@link RunCourse}). */
    ChainPlan plan() {
        return course.plan();
    }

    RunCourse course() {
        return course;
    }

    Deadline deadline() {
        return deadline;
    }

    AttemptLog log() {
        return log;
    }

    RunningChain result() {
        return result;
    }

    StreamSplice splice() {
        return splice;
    }

    InFlightPermit permit() {
        return permit;
    }

    /** Whether the run has its result, or was cancelled because the client went away; for a racer, or it lost. */
    boolean done() {
        return result.isDone() || (racing != null && racing.isDone());
    }

    /** Whether the client is already reading a streamed answer: what follows can only continue it. */
    boolean continuing() {
        return splice != null && splice.committed();
    }

    /**
     * What an attempt's stream events go to: the splice, which relays them to the client; in a race, only once the
     * attempt has won it with its first event, the other's never reaching the client.
     */
    UpstreamEvents observerFor(Candidate candidate, boolean fallback) {
        boolean saw = saw429();
        return race == null ? splice.observerFor(candidate, fallback, saw)
                : race.entrant(this, () -> splice.observerFor(candidate, fallback, saw));
    }

    /** The attempt or wait in flight, cancelled with the run. */
    <T> CompletableFuture<T> track(CompletableFuture<T> future) {
        inFlight = future;
        if (result.isCancelled() || (racing != null && racing.isDone())) {
            future.cancel(true);
        }
        return future;
    }

    /**
     * A wait that ends (normally) when {@code sleep} does, or when the run is cancelled; the request's time meanwhile
     * is not the proxy's own.
     */
    CompletableFuture<Void> waitOut(CompletableFuture<Void> sleep) {
        OwnTime.Away away = plan().ownTime().away();
        return track(sleep).handle((v, e) -> {
            away.end();
            return null;
        });
    }

    void sawRateLimit() {
        root.saw429 = true;
    }

    /** Whether any model of the chain answered 429 or was passed over cooling down ({@link Outcome#SKIPPED_COOLDOWN}). */
    boolean saw429() {
        return root.saw429;
    }

    /** A request waits out a {@code Retry-After} at most once. */
    boolean mayWaitForRetryAfter() {
        return !root.waitedForRetryAfter;
    }

    void waitedForRetryAfter() {
        root.waitedForRetryAfter = true;
    }

    void finish(ChainResult r) {
        inFlight = null;
        result.complete(r);
    }
}
