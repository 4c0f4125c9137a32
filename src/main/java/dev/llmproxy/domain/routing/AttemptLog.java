package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.function.Supplier;

/**
 * The attempts of one chain run. The run adds to it one step at a time; a cancelling thread may read it meanwhile,
 * and then the attempt in flight is recorded as abandoned.
 */
final class AttemptLog {

    /** @param soFar what the provider has billed for it so far (for a stream: what it produced) */
    private record InFlight(String model, Instant started, Supplier<AttemptBill> soFar, RunTrace.AttemptTrace trace) { }

    private final Clock clock;
    private final RunTrace trace;
    private final List<AttemptRecord> made = Collections.synchronizedList(new ArrayList<>());
    private volatile InFlight current;

    AttemptLog(Clock clock, RunTrace trace) {
        this.clock = clock;
        this.trace = trace;
    }

    AttemptLog(Clock clock) {
        this(clock, RunTrace.NONE);
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
        current = new InFlight(attempt.model(), now, soFar, trace == RunTrace.NONE ? RunTrace.AttemptTrace.NONE
                : trace.calling(start(attempt)));
        return now;
    }

    /** The {@code traceparent} of the call in flight, for the provider; null when not traced. */
    String traceparent() {
        InFlight inFlight = current;
        return inFlight == null ? null : inFlight.trace().traceparent();
    }

    void answered(AttemptRecord attempt) {
        InFlight inFlight = current;
        current = null;
        made.add(attempt);
        if (inFlight != null) {
            inFlight.trace().answered(attempt);
        }
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

    /** Every attempt so far, as the run's result reports them. */
    List<AttemptRecord> all() {
        return made;
    }

    /** Every attempt so far, then the one in flight (if any) as abandoned: the run was cancelled. */
    List<AttemptRecord> abandoned() {
        List<AttemptRecord> attempts = new ArrayList<>(List.copyOf(made));
        InFlight inFlight = current;
        if (inFlight != null) {
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
