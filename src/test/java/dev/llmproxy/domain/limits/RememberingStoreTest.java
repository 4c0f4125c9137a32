package dev.llmproxy.domain.limits;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** An in-memory store that remembers says which counts changed, and takes saved counts back. */
class RememberingStoreTest {

    private static final Window MINUTE = new Window("ipLimitPerMinute", Duration.ofMinutes(1), 2);
    private static final Bucket IP = new Bucket("ip:a", List.of(MINUTE));
    private static final Instant T = Instant.parse("2026-12-04T12:00:00Z");

    @Test
    void theCountsThatChangedAreSaidOnceAndAFailedCopyIsSaidAgain() {
        InMemoryRateLimitStore store = new InMemoryRateLimitStore(Duration.ofHours(2), true);
        store.take(List.of(IP), T);
        Map<String, WindowCounts> changed = store.changed();
        assertThat(changed).containsOnlyKeys(IP.countsKey(MINUTE));
        assertThat(changed.get(IP.countsKey(MINUTE)).total()).isEqualTo(1);
        assertThat(store.changed()).isEmpty();
        store.unsaved(Set.of(IP.countsKey(MINUTE)));
        assertThat(store.changed()).containsOnlyKeys(IP.countsKey(MINUTE));
    }

    @Test
    void aStoreThatDoesNotRememberSaysNothing() {
        InMemoryRateLimitStore store = new InMemoryRateLimitStore(Duration.ofHours(2));
        store.take(List.of(IP), T);
        assertThat(store.changed()).isEmpty();
    }

    @Test
    void restoredCountsRefuseAsTheyDidAndAreForgottenWhenIdle() {
        InMemoryRateLimitStore before = new InMemoryRateLimitStore(Duration.ofHours(2), true);
        before.take(List.of(IP), T);
        before.take(List.of(IP), T.plusSeconds(1));
        InMemoryRateLimitStore after = new InMemoryRateLimitStore(Duration.ofHours(2), true);
        after.restore(before.changed());
        after.restore(Map.of("ip:b|not-a-length", WindowCounts.EMPTY)); // unreadable keys are skipped
        assertThat(after.size()).isEqualTo(1);
        assertThat(after.take(List.of(IP), T.plusSeconds(2))).isInstanceOf(Decision.Refused.class);
        assertThat(after.take(List.of(IP), T.plusSeconds(61))).isInstanceOf(Decision.Allowed.class);
        after.sweepNow(T.plus(Duration.ofHours(3)));
        assertThat(after.size()).isZero();
    }
}
