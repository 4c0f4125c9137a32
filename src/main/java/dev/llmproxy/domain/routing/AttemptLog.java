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
    private record InFlight(String model, Instant started, Supplier<AttemptBill> soFar) { }

    private final Clock clock;
    private final List<AttemptRecord> made = Collections.synchronizedList(new ArrayList<>());
    private volatile InFlight current;

    AttemptLog(Clock clock) {
        this.clock = clock;
    }

    /** A model passed over without a call (cooling down, breaker open). */
    void skipped(String model, Outcome outcome, String reason) {
        made.add(new AttemptRecord(model, outcome, null, Duration.ZERO, reason));
    }

    /**
     * @param soFar what the provider has billed so far, should the run be abandoned while the call is in flight
     * @return when the call started
     */
    Instant calling(String model, Supplier<AttemptBill> soFar) {
        Instant now = clock.instant();
        current = new InFlight(model, now, soFar);
        return now;
    }

    void answered(AttemptRecord attempt) {
        current = null;
        made.add(attempt);
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
            attempts.add(new AttemptRecord(inFlight.model(), Outcome.ABANDONED, null,
                    Duration.between(inFlight.started(), clock.instant()), "cancelled: the client went away",
                    bill.tokens(), bill.costUsd()));
        }
        return attempts;
    }
}
