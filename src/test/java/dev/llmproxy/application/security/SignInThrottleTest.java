package dev.llmproxy.application.security;

import dev.llmproxy.application.audit.AuditTrails;
import dev.llmproxy.application.config.FixedConfigs;
import dev.llmproxy.domain.audit.AuditEvent;
import dev.llmproxy.domain.config.RuntimeConfig;
import dev.llmproxy.domain.config.Settings;
import dev.llmproxy.domain.security.InMemorySignInFailures;
import dev.llmproxy.domain.security.SignInFailures;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SignInThrottleTest {

    /** A clock the test moves. */
    static final class MovableClock extends Clock {
        Instant now = Instant.parse("2026-12-01T10:00:00Z");
        @Override public ZoneOffset getZone() { return ZoneOffset.UTC; }
        @Override public Clock withZone(java.time.ZoneId zone) { return this; }
        @Override public Instant instant() { return now; }
    }

    private final MovableClock clock = new MovableClock();
    private final List<AuditEvent> audit = new ArrayList<>();

    private SignInThrottle throttle(SignInFailures counts, long perAddress, long perUser) {
        return throttle(counts, perAddress, perUser, 60_000L);
    }

    private SignInThrottle throttle(SignInFailures counts, long perAddress, long perUser, long windowMs) {
        return new SignInThrottle(counts, FixedConfigs.holding(RuntimeConfig.of(1, List.of(), List.of(), List.of(),
                Settings.builder().set("signInFailuresPerAddress", perAddress).set("signInFailuresPerUser", perUser)
                        .set("signInWindowMs", windowMs).build())), AuditTrails.into(audit, clock), clock);
    }

    @Test
    void anAddressIsLockedOutAfterItsFailuresUntilTheWindowEnds() {
        SignInThrottle t = throttle(new InMemorySignInFailures(), 3, 100);
        for (int i = 0; i < 3; i++) {
            assertThat(t.refusal("admin", "addr-a")).isEmpty();
            t.failed("admin", "addr-a");
        }
        assertThat(t.refusal("admin", "addr-a")).hasValue(Duration.ofMinutes(1));
        assertThat(t.refusal("someone-else", "addr-a")).isPresent();
        assertThat(t.refusal("admin", "addr-b")).isEmpty();
        assertThat(audit).extracting(AuditEvent::action).containsExactly("sign-in locked out");
        assertThat(t.failures()).isEqualTo(3);
        assertThat(t.lockOuts()).isEqualTo(1);
        clock.now = clock.now.plusSeconds(45);
        assertThat(t.refusal("admin", "addr-a")).hasValue(Duration.ofSeconds(15));
        clock.now = clock.now.plusSeconds(15);
        assertThat(t.refusal("admin", "addr-a")).isEmpty();
    }

    @Test
    void aUserGuessedFromManyAddressesIsLockedOutAndARightPasswordBeforeThatClearsTheCount() {
        SignInThrottle t = throttle(new InMemorySignInFailures(), 100, 4);
        t.failed("ada", "a1");
        t.failed("ada", "a2");
        t.failed("ada", "a3");
        t.succeeded("ada");
        t.failed("ada", "a4");
        assertThat(t.refusal("ada", "a5")).isEmpty();
        for (int i = 0; i < 3; i++) {
            t.failed("ada", "b" + i);
        }
        assertThat(t.refusal("ada", "fresh-address")).isPresent();
        assertThat(t.refusal("bob", "fresh-address")).isEmpty();
    }

    @Test
    void anAdminLiftsEveryLockOutAtOnceAndItIsAudited() {
        SignInThrottle t = throttle(new InMemorySignInFailures(), 1, 1);
        t.failed("ada", "a1");
        assertThat(t.refusal("ada", "a1")).isPresent();
        assertThat(t.unlockAll("root")).isEqualTo(2);
        assertThat(t.refusal("ada", "a1")).isEmpty();
        assertThat(audit).extracting(AuditEvent::action).contains("sign-in lock-outs lifted");
    }

    @Test
    void lengtheningTheWindowDoesNotBringBackALockOutThatHasEnded() {
        SignInFailures store = new InMemorySignInFailures();
        SignInThrottle oneMinute = throttle(store, 2, 100, 60_000L);
        oneMinute.failed("ada", "a1");
        oneMinute.failed("ada", "a1");
        assertThat(oneMinute.refusal("ada", "a1")).hasValue(Duration.ofMinutes(1));
        clock.now = clock.now.plusSeconds(90);
        assertThat(oneMinute.refusal("ada", "a1")).isEmpty();
        // the same counts under a window of ten minutes (an admin's change): the lock-out that ended stays over
        SignInThrottle tenMinutes = throttle(store, 2, 100, 600_000L);
        assertThat(tenMinutes.refusal("ada", "a1")).isEmpty();
        tenMinutes.failed("ada", "a1");
        assertThat(tenMinutes.refusal("ada", "a1")).isEmpty();
        tenMinutes.failed("ada", "a1");
        assertThat(tenMinutes.refusal("ada", "a1")).hasValue(Duration.ofMinutes(10));
        // shortening the window ends a running lock-out sooner
        clock.now = clock.now.plusSeconds(20);
        assertThat(oneMinute.refusal("ada", "a1")).hasValue(Duration.ofSeconds(40));
    }
}
