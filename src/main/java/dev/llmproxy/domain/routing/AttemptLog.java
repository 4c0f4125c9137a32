package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The attempts of one chain run. The run adds to it one step at a time, or two when it hedges (each racer of a
 * {@link HedgeRace} has its own attempt in flight, keyed by its {@link RunContext}); a cancelling thread may read it
 * meanwhile, and then the attempts in flight are recorded as abandoned.
 */
final class AttemptLog {

    /** @param soFar what the provider has billed for it so far (for a stream: what it produced) */
    private record InFlight(ModelTry attempt, Instant started, Supplier<AttemptBill> soFar,
                            RunTrace.AttemptTrace trace, OwnTime.Away away) {
        String model() {
            return attempt.model();
        }
    }

    private final Clock clock;
    private final RunTrace trace;
    private final OwnTime ownTime;
    private final List<AttemptRecord> made = Collections.synchronizedList(new ArrayList<>());
    /** By the run (or racer) the call belongs to; insertion order is call order. */
    private final Map<Object, InFlight> current = Collections.synchronizedMap(new LinkedHashMap<>());

    AttemptLog(Clock clock, RunTrace trace, OwnTime ownTime) {
        this.clock = clock;
        this.trace = trace;
        this.ownTime = ownTime;
    }

    AttemptLog(Clock clock) {
        this(clock, RunTrace.NONE, OwnTime.UNTIMED);
    }

    /** A model passed over without a call (cooling down, breaker open). */
    void skipped(String model, Outcome outcome, String reason) {
        AttemptRecord skipped = new AttemptRecord(model, outcome, null, Duration.ZERO, reason);
        made.add(skipped);
        trace.skipped(skipped);
    }

    /**
     * @param soFar what the provider has billed so far, should the run be abandoned while the call is in flight
     * @return when the call started
     */
    Instant calling(ModelTry attempt, Supplier<AttemptBill> soFar) {
        Instant now = clock.instant();
        current.put(attempt.run(), new InFlight(attempt, now, soFar, trace == RunTrace.NONE
                ? RunTrace.AttemptTrace.NONE : trace.calling(start(attempt)), ownTime.away()));
        return now;
    }

    /** The {@code traceparent} of {@code run}'s call in flight, for the provider; null when not traced. */
    String traceparent(RunContext run) {
        InFlight inFlight = current.get(run);
        return inFlight == null ? null : inFlight.trace().traceparent();
    }

    /** @return false when the call was recorded already: its racer lost ({@link #outrun}) */
    boolean answered(RunContext run, AttemptRecord attempt) {
        InFlight inFlight = current.remove(run);
        if (inFlight == null) {
            return false;
        }
        inFlight.away().end();
        made.add(attempt);
        inFlight.trace().answered(attempt);
        return true;
    }

    /**
     * {@code run}'s call in flight, if any, is cancelled because another answered first: it is recorded as
     * {@link Outcome#OUTRUN}, billed as a call whose answer is lost ({@link CallMeter#lost}): a stream what it
     * produced, a plain call its whole allowance, which its provider may go on to produce.
     */
    void outrun(RunContext run, String reason) {
        InFlight inFlight = current.remove(run);
        if (inFlight == null) {
            return;
        }
        inFlight.away().end();
        AttemptBill bill = inFlight.soFar().get();
        AttemptRecord record = new AttemptRecord(inFlight.model(), Outcome.OUTRUN, null,
                Duration.between(inFlight.started(), clock.instant()), reason, bill.tokens(), bill.costUsd());
        made.add(record);
        inFlight.trace().answered(record);
    }

    private RunTrace.AttemptStart start(ModelTry attempt) {
        Candidate c = attempt.candidate();
        return new RunTrace.AttemptStart(attempt.model(), c.model().upstreamModel(), c.provider().name(),
                c.provider().kind().id(), attempt.index(), roleOf(attempt));
    }

    private RunTrace.Role roleOf(ModelTry attempt) {
        if (attempt.continuation()) {
            return RunTrace.Role.CONTINUATION;
        }
        synchronized (made) {
            for (int i = made.size() - 1; i >= 0; i--) {
                if (!made.get(i).outcome().skipped()) {
                    return made.get(i).model().equals(attempt.model()) ? RunTrace.Role.RETRY : RunTrace.Role.FALLBACK;
                }
            }
        }
        return attempt.index() == 0 ? RunTrace.Role.FIRST : RunTrace.Role.FALLBACK;
    }

    /** The latest attempt of {@code model} led the run elsewhere: its reason says where, and why. */
    void movedOn(String model, String where) {
        synchronized (made) {
            for (int i = made.size() - 1; i >= 0; i--) {
                AttemptRecord a = made.get(i);
                if (a.model().equals(model)) {
                    made.set(i, new AttemptRecord(a.model(), a.outcome(), a.status(), a.latency(),
                            a.reason() + "; " + where, a.tokens(), a.costUsd()));
                    return;
                }
            }
        }
    }

    /** Every attempt so far, as the run's result reports them. */
    List<AttemptRecord> all() {
        return made;
    }

    /** Every attempt so far, then those in flight (if any) as abandoned: the run was cancelled. */
    List<AttemptRecord> abandoned() {
        List<AttemptRecord> attempts = new ArrayList<>(List.copyOf(made));
        List<InFlight> inFlights;
        synchronized (current) {
            inFlights = List.copyOf(current.values());
        }
        for (InFlight inFlight : inFlights) {
            inFlight.away().end();
            AttemptBill bill = inFlight.soFar().get();
            AttemptRecord abandoned = new AttemptRecord(inFlight.model(), Outcome.ABANDONED, null,
                    Duration.between(inFlight.started(), clock.instant()), "cancelled: the client went away",
                    bill.tokens(), bill.costUsd());
            attempts.add(abandoned);
            inFlight.trace().answered(abandoned);
        }
        return attempts;
    }
}
