package dev.llmproxy.domain.breaker;

import dev.llmproxy.domain.breaker.CircuitBreaker.Permit;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CircuitBreakerTest {

    private final MutableClock clock = MutableClock.atEpoch();
    private final List<BreakerTransition> transitions = new ArrayList<>();
    private BreakerPolicy policy = BreakerPolicy.builder().failureThreshold(3).window(Duration.ofMinutes(5))
            .consecutiveFailures(5).cooldown(Duration.ofSeconds(30)).halfOpenProbes(1).successThreshold(2).build();

    private CircuitBreaker breaker() {
        return new CircuitBreaker("m", policy, clock, "i1", transitions::add);
    }

    private static void fail(CircuitBreaker b) {
        Permit p = b.tryAcquire();
        b.onFailure(p, "HTTP 503");
    }

    @Test
    void opensAfterThresholdFailuresWithinTheWindow() {
        CircuitBreaker b = breaker();
        fail(b);
        clock.advance(Duration.ofMinutes(2));
        fail(b);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        clock.advance(Duration.ofMinutes(2));
        fail(b);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(transitions).hasSize(1);
        BreakerTransition t = transitions.get(0);
        assertThat(t.from()).isEqualTo(BreakerState.CLOSED);
        assertThat(t.to()).isEqualTo(BreakerState.OPEN);
        assertThat(t.reason()).contains("3 failures within 300 s", "HTTP 503");
        assertThat(t.instanceId()).isEqualTo("i1");
    }

    @Test
    void failuresOutsideTheWindowDoNotCount() {
        CircuitBreaker b = breaker();
        fail(b);
        fail(b);
        clock.advance(Duration.ofMinutes(6));
        fail(b);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void opensAfterConsecutiveFailuresEvenWhenTheWindowCountWouldNot() {
        policy = BreakerPolicy.builder().failureThreshold(100).consecutiveFailures(3).build();
        CircuitBreaker b = breaker();
        fail(b);
        fail(b);
        fail(b);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(transitions.get(0).reason()).contains("3 failures in a row");
    }

    @Test
    void aSuccessBreaksTheRunOfConsecutiveFailures() {
        policy = BreakerPolicy.builder().failureThreshold(100).consecutiveFailures(3).build();
        CircuitBreaker b = breaker();
        fail(b);
        fail(b);
        b.onSuccess(b.tryAcquire());
        fail(b);
        fail(b);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void openRefusesUntilTheCooldownThenLetsBoundedProbesThrough() {
        CircuitBreaker b = breaker();
        b.forceOpen("drill");
        assertThat(b.tryAcquire()).isEqualTo(Permit.REFUSED);
        assertThat(b.untilProbe()).hasValue(Duration.ofSeconds(30));
        clock.advance(Duration.ofSeconds(29));
        assertThat(b.tryAcquire()).isEqualTo(Permit.REFUSED);
        clock.advance(Duration.ofSeconds(1));
        assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
        assertThat(b.tryAcquire()).isEqualTo(Permit.PROBE);
        assertThat(b.tryAcquire()).isEqualTo(Permit.REFUSED); // one probe at a time
        assertThat(transitions).extracting(BreakerTransition::to).containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN);
    }

    @Test
    void closesAfterTheSuccessThresholdOfProbes() {
        CircuitBreaker b = breaker();
        b.forceOpen("drill");
        clock.advance(Duration.ofSeconds(30));
        b.onSuccess(b.tryAcquire());
        assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
        b.onSuccess(b.tryAcquire());
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        assertThat(transitions).extracting(BreakerTransition::to)
                .containsExactly(BreakerState.OPEN, BreakerState.HALF_OPEN, BreakerState.CLOSED);
        assertThat(b.tryAcquire()).isEqualTo(Permit.CALL);
    }

    @Test
    void aFailedProbeReopensForAnotherCooldown() {
        CircuitBreaker b = breaker();
        b.forceOpen("drill");
        clock.advance(Duration.ofSeconds(30));
        b.onFailure(b.tryAcquire(), "timed out");
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(b.untilProbe()).hasValue(Duration.ofSeconds(30));
        assertThat(transitions.get(transitions.size() - 1).reason()).contains("probe failed: timed out");
    }

    @Test
    void aNeutralOutcomeReleasesTheProbeWithoutDeciding() {
        CircuitBreaker b = breaker();
        b.forceOpen("drill");
        clock.advance(Duration.ofSeconds(30));
        b.onNeutral(b.tryAcquire());
        assertThat(b.state()).isEqualTo(BreakerState.HALF_OPEN);
        assertThat(b.tryAcquire()).isEqualTo(Permit.PROBE);
    }

    @Test
    void lateReportsFromCallsAdmittedBeforeOpeningChangeNothing() {
        CircuitBreaker b = breaker();
        Permit early = b.tryAcquire();
        b.forceOpen("drill");
        b.onFailure(early, "late");
        b.onSuccess(early);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(transitions).hasSize(1);
    }

    @Test
    void resetClosesAndClearsTheCounts() {
        CircuitBreaker b = breaker();
        fail(b);
        fail(b);
        b.forceOpen("drill");
        b.reset("admin");
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        fail(b);
        fail(b);
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        assertThat(transitions.get(transitions.size() - 1).reason()).isEqualTo("admin");
    }

    @Test
    void policyRejectsBadValuesNamingTheField() {
        assertThatThrownBy(() -> BreakerPolicy.builder().failureThreshold(0).build()).hasMessageContaining("failureThreshold");
        assertThatThrownBy(() -> BreakerPolicy.builder().cooldown(Duration.ZERO).build()).hasMessageContaining("cooldown");
        assertThatThrownBy(() -> BreakerPolicy.builder().halfOpenProbes(-1).build()).hasMessageContaining("halfOpenProbes");
    }

    /** The other instances, as one instance's breakers see them: what they were told, and whether probing is free. */
    private static final class Peers implements BreakerPeers {
        final List<String> told = new ArrayList<>();
        boolean probeFree = true;

        @Override public void opened(String model, java.time.Instant until) { told.add("opened " + model + " " + until); }
        @Override public void closed(String model) { told.add("closed " + model); }
        @Override public boolean mayProbe(String model, Duration lease) { return probeFree; }
    }

    private CircuitBreaker breaker(Peers peers) {
        return new CircuitBreaker("m", policy, clock, "i1", transitions::add, peers);
    }

    @Test
    void openingsAndClosingsHereAreToldToTheOtherInstances() {
        Peers peers = new Peers();
        CircuitBreaker b = breaker(peers);
        fail(b);
        fail(b);
        fail(b);
        assertThat(peers.told).containsExactly("opened m " + clock.instant().plusSeconds(30));
        clock.advance(Duration.ofSeconds(30));
        b.onSuccess(b.tryAcquire());
        b.onSuccess(b.tryAcquire());
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
        b.forceOpen("admin");
        b.reset("admin");
        assertThat(peers.told).containsExactly("opened m " + clock.instant(),
                "closed m", "opened m " + clock.instant().plusSeconds(30), "closed m");
    }

    @Test
    void anOpeningHeardFromAnotherInstanceSkipsTheModelHereWithoutARecordOfItsOwn() {
        Peers peers = new Peers();
        CircuitBreaker b = breaker(peers);
        b.heardOpened(clock.instant().plusSeconds(20));
        assertThat(b.tryAcquire()).isEqualTo(Permit.REFUSED);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(b.untilProbe()).hasValue(Duration.ofSeconds(20));
        b.heardClosed();
        assertThat(b.tryAcquire()).isEqualTo(Permit.CALL);
        assertThat(transitions).isEmpty();
        assertThat(peers.told).isEmpty();
        b.heardOpened(clock.instant().minusSeconds(1)); // over before it was heard
        assertThat(b.state()).isEqualTo(BreakerState.CLOSED);
    }

    @Test
    void anOpeningHeardLastsNoLongerThanThisBreakersOwnCooldown() {
        CircuitBreaker b = breaker(new Peers());
        b.heardOpened(java.time.Instant.parse("9999-12-31T00:00:00Z")); // told by no instance that exists
        assertThat(b.untilProbe()).hasValue(Duration.ofSeconds(30));
        clock.advance(Duration.ofSeconds(30));
        assertThat(b.tryAcquire()).isNotEqualTo(Permit.REFUSED);
    }

    @Test
    void onlyTheInstanceAllowedToProbeGoesHalfOpenTheOthersWaitForItsOutcome() {
        Peers peers = new Peers();
        CircuitBreaker b = breaker(peers);
        fail(b);
        fail(b);
        fail(b);
        clock.advance(Duration.ofSeconds(30));
        peers.probeFree = false; // another instance probes
        assertThat(b.tryAcquire()).isEqualTo(Permit.REFUSED);
        assertThat(b.state()).isEqualTo(BreakerState.OPEN);
        assertThat(transitions).extracting(BreakerTransition::to).containsExactly(BreakerState.OPEN);
        // its probes succeed: closed here when heard
        b.heardClosed();
        assertThat(b.tryAcquire()).isEqualTo(Permit.CALL);
        // or nothing is heard (the prober died): this instance asks again a cooldown later, and probes itself
        fail(b);
        fail(b);
        fail(b);
        clock.advance(Duration.ofSeconds(30));
        assertThat(b.tryAcquire()).isEqualTo(Permit.REFUSED);
        peers.probeFree = true;
        clock.advance(Duration.ofSeconds(29));
        assertThat(b.tryAcquire()).isEqualTo(Permit.REFUSED);
        clock.advance(Duration.ofSeconds(1));
        assertThat(b.tryAcquire()).isEqualTo(Permit.PROBE);
    }
}
