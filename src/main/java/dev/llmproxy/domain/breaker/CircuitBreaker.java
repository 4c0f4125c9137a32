package dev.llmproxy.domain.breaker;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * One model's breaker on this instance. Closed counts health failures two ways (within a window, and in a row);
 * open skips the model until the cooldown ends; half-open lets a bounded number of probes through. Every change is
 * reported to the transition listener; openings and closings are told to the other instances ({@link BreakerPeers}),
 * whose news is taken in without being reported again (each transition is recorded once, where it happened), and
 * only the instance allowed to probe goes half-open. Thread-safe; all state changes happen under this object's lock.
 */
public final class CircuitBreaker {

    private final String model;
    private final Clock clock;
    private final String instanceId;
    private final Consumer<BreakerTransition> transitions;
    private final BreakerPeers peers;
    private BreakerPolicy policy;
    private BreakerState state = BreakerState.CLOSED;
    private final FailureCount failures = new FailureCount();
    private Instant openUntil;
    private int probesInFlight;
    private int probeSuccesses;

    public CircuitBreaker(String model, BreakerPolicy policy, Clock clock, String instanceId,
                          Consumer<BreakerTransition> transitions) {
        this(model, policy, clock, instanceId, transitions, BreakerPeers.ALONE);
    }

    public CircuitBreaker(String model, BreakerPolicy policy, Clock clock, String instanceId,
                          Consumer<BreakerTransition> transitions, BreakerPeers peers) {
        this.model = model;
        this.policy = policy;
        this.clock = clock;
        this.instanceId = instanceId;
        this.transitions = transitions;
        this.peers = peers;
    }

    /** What a caller gets from {@link #tryAcquire()}: a call it must report back on, or a refusal. */
    public enum Permit { CALL, PROBE, REFUSED }

    /** Whether a call may go to this model now. A PROBE or CALL must be followed by exactly one report. */
    public synchronized Permit tryAcquire() {
        if (state == BreakerState.OPEN) {
            Instant now = clock.instant();
            if (now.isBefore(openUntil)) {
                return Permit.REFUSED;
            }
            if (!peers.mayProbe(model, policy.cooldown())) {
                // another instance probes: its outcome is heard; failing that, this one asks again a cooldown later
                openUntil = now.plus(policy.cooldown());
                return Permit.REFUSED;
            }
            move(BreakerState.HALF_OPEN, "cooldown of " + policy.cooldown().toSeconds() + " s over; probing");
        }
        if (state == BreakerState.HALF_OPEN) {
            if (probesInFlight >= policy.halfOpenProbes()) {
                return Permit.REFUSED;
            }
            probesInFlight++;
            return Permit.PROBE;
        }
        return Permit.CALL;
    }

    public synchronized void onSuccess(Permit permit) {
        if (permit == Permit.PROBE && state == BreakerState.HALF_OPEN) {
            probesInFlight = Math.max(0, probesInFlight - 1);
            if (++probeSuccesses >= policy.successThreshold()) {
                move(BreakerState.CLOSED, probeSuccesses + " successful probe(s)");
                peers.closed(model);
            }
            return;
        }
        failures.succeeded();
    }

    /** @param reason what went wrong, in the proxy's words (never a provider body) */
    public synchronized void onFailure(Permit permit, String reason) {
        Instant now = clock.instant();
        if (permit == Permit.PROBE && state == BreakerState.HALF_OPEN) {
            probesInFlight = Math.max(0, probesInFlight - 1);
            open("probe failed: " + reason, now);
            return;
        }
        if (state != BreakerState.CLOSED) {
            return; // a call admitted before the breaker opened
        }
        String opens = failures.failed(now, policy, reason);
        if (opens != null) {
            open(opens, now);
        }
    }

    /** The call ended in a way that says nothing about the model's health (a 429, a refusal, a cancelled call). */
    public synchronized void onNeutral(Permit permit) {
        if (permit == Permit.PROBE && state == BreakerState.HALF_OPEN) {
            probesInFlight = Math.max(0, probesInFlight - 1);
        }
    }

    public synchronized void forceOpen(String reason) {
        open(reason, clock.instant());
    }

    public synchronized void reset(String reason) {
        if (state != BreakerState.CLOSED) {
            move(BreakerState.CLOSED, reason);
            peers.closed(model);
        } else {
            clearCounts();
        }
    }

    /**
     * Another instance opened this model's breaker until then: skipped here too, recorded there. Never for longer
     * than this breaker's own cooldown: what is heard is not proof, and a message no instance sent must not keep a
     * model out for long.
     */
    public synchronized void heardOpened(Instant told) {
        Instant now = clock.instant();
        if (!told.isAfter(now)) {
            return;
        }
        Instant longest = now.plus(policy.cooldown());
        Instant until = told.isAfter(longest) ? longest : told;
        if (state != BreakerState.OPEN) {
            state = BreakerState.OPEN;
            clearCounts();
        }
        openUntil = openUntil == null || until.isAfter(openUntil) ? until : openUntil;
    }

    /** Another instance closed this model's breaker: closed here too, recorded there. */
    public synchronized void heardClosed() {
        if (state != BreakerState.CLOSED) {
            state = BreakerState.CLOSED;
            openUntil = null;
        }
        clearCounts();
    }

    public synchronized void updatePolicy(BreakerPolicy newPolicy) {
        this.policy = newPolicy;
    }

    public synchronized BreakerState state() {
        if (state == BreakerState.OPEN && !clock.instant().isBefore(openUntil)) {
            return BreakerState.HALF_OPEN; // due for a probe: the next request will go through
        }
        return state;
    }

    /** While open: how long until probes are let through. */
    public synchronized Optional<Duration> untilProbe() {
        if (state != BreakerState.OPEN) {
            return Optional.empty();
        }
        Duration left = Duration.between(clock.instant(), openUntil);
        return left.isNegative() ? Optional.of(Duration.ZERO) : Optional.of(left);
    }

    public String model() {
        return model;
    }

    private void open(String reason, Instant now) {
        openUntil = now.plus(policy.cooldown());
        if (state != BreakerState.OPEN) {
            move(BreakerState.OPEN, reason);
        }
        peers.opened(model, openUntil);
    }

    private void move(BreakerState to, String reason) {
        BreakerState from = state;
        state = to;
        if (to != BreakerState.OPEN) {
            openUntil = null;
        }
        if (to == BreakerState.CLOSED || to == BreakerState.HALF_OPEN) {
            clearCounts();
        }
        transitions.accept(new BreakerTransition(model, from, to, reason, instanceId, clock.instant()));
    }

    private void clearCounts() {
        failures.clear();
        probesInFlight = 0;
        probeSuccesses = 0;
    }
}
