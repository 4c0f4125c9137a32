package dev.llmproxy.infrastructure.limits;

import dev.llmproxy.domain.limits.Bucket;
import dev.llmproxy.domain.limits.Decision;
import dev.llmproxy.domain.limits.Window;
import dev.llmproxy.domain.limits.WindowCounts;
import dev.llmproxy.testing.Concurrently;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class LeasedLimitsTest {

    private static final Instant T = Instant.parse("2026-12-07T12:00:00Z");

    private static Bucket key(int perMinute) {
        return new Bucket("key:k", List.of(new Window("keyLimitPerMinute", Duration.ofMinutes(1), perMinute)));
    }

    @Test
    void aLeaseHoldsASixHundredthOfItsWindowAndAtMost256() {
        assertThat(LeasedLimits.size(key(1_199).windows().get(0))).isEqualTo(1);
        assertThat(LeasedLimits.size(key(1_200).windows().get(0))).isEqualTo(2);
        assertThat(LeasedLimits.size(key(60_000).windows().get(0))).isEqualTo(100);
        assertThat(LeasedLimits.size(key(1_000_000).windows().get(0))).isEqualTo(256);
    }

    @Test
    void aLargeWindowAsksTheStoreOncePerLease() {
        CountingStore store = new CountingStore();
        LeasedLimits limits = new LeasedLimits(store);
        for (int i = 0; i < 1_000; i++) {
            assertThat(limits.take(List.of(key(1_000_000)), T.plusMillis(i % 900))).isInstanceOf(Decision.Allowed.class);
        }
        // a lease is renewed when a quarter (64) is left: one call per 192 requests
        assertThat(store.calls).isEqualTo(5);
        assertThat(store.held("key:k") - 1_000).isBetween(0, 256 + 64);
    }

    @Test
    void whatALeaseHoldsIsAdmittedWithoutTheStore() {
        CountingStore store = new CountingStore();
        LeasedLimits limits = new LeasedLimits(store);
        assertThat(limits.onLeases(List.of(key(60_000)), T)).isNull(); // nothing leased yet: ask the store
        limits.take(List.of(key(60_000)), T);
        for (int i = 0; i < 74; i++) { // 99 held; the 25th from the end asks for the next lease
            assertThat(limits.onLeases(List.of(key(60_000)), T)).isInstanceOf(Decision.Allowed.class);
        }
        assertThat(limits.onLeases(List.of(key(60_000)), T)).isNull();
        assertThat(limits.onLeases(List.of(key(600)), T)).isNull(); // the limit lowered: asked afresh
        assertThat(store.calls).isEqualTo(1);
    }

    @Test
    void aSmallWindowAsksForEveryRequest() {
        CountingStore store = new CountingStore();
        LeasedLimits limits = new LeasedLimits(store);
        for (int i = 0; i < 10; i++) {
            limits.take(List.of(key(600)), T);
        }
        assertThat(store.calls).isEqualTo(10);
        assertThat(store.held("key:k")).isEqualTo(10);
    }

    @Test
    void whatALeaseLeftIsTakenBackWhenItsSlotEnds() {
        CountingStore store = new CountingStore();
        LeasedLimits limits = new LeasedLimits(store);
        limits.take(List.of(key(60_000)), T); // a lease of 100, one admitted
        assertThat(store.held("key:k")).isEqualTo(100);
        limits.take(List.of(key(60_000)), T.plusSeconds(1)); // the next slot: 99 back, a new lease of 100
        assertThat(store.held("key:k")).isEqualTo(101);
        assertThat(store.inSlot("key:k", T, 60_000)).isEqualTo(1);
    }

    @Test
    void twoInstancesNeverAdmitMoreThanTheMaximumAndReachIt() throws Exception {
        CountingStore store = new CountingStore();
        List<LeasedLimits> instances = List.of(new LeasedLimits(store), new LeasedLimits(store));
        // each instance asks more often than the window allows, so neither ends holding what it leased
        int admitted = Concurrently.succeeded(16, 1_600,
                i -> () -> instances.get(i % 2).take(List.of(key(12_000)), T) instanceof Decision.Allowed);
        assertThat(admitted).isEqualTo(12_000);
        assertThat(store.held("key:k")).isEqualTo(12_000);
    }

    @Test
    void anotherInstanceIsRefusedEarlyByNoMoreThanTheLeaseHeldElsewhere() {
        CountingStore store = new CountingStore();
        LeasedLimits one = new LeasedLimits(store);
        LeasedLimits two = new LeasedLimits(store);
        one.take(List.of(key(6_000)), T); // a lease of 10: one admitted, nine held
        int admitted = 0;
        while (two.take(List.of(key(6_000)), T) instanceof Decision.Allowed) {
            admitted++;
        }
        assertThat(admitted).isEqualTo(5_990);
        for (int i = 0; i < 9; i++) {
            assertThat(one.take(List.of(key(6_000)), T)).isInstanceOf(Decision.Allowed.class);
        }
        assertThat(one.take(List.of(key(6_000)), T)).isInstanceOf(Decision.Refused.class);
    }

    @Test
    void aStoreThatFailsIsAskedAgainByTheNextRequest() {
        CountingStore store = new CountingStore();
        LeasedLimits limits = new LeasedLimits(store);
        store.failNext = true;
        assertThatThrownBy(() -> limits.take(List.of(key(60_000)), T)).isInstanceOf(IllegalStateException.class);
        assertThat(limits.take(List.of(key(60_000)), T)).isInstanceOf(Decision.Allowed.class);
        limits.take(List.of(key(60_000)), T);
        assertThat(store.calls).isEqualTo(2);
        assertThat(store.held("key:k")).isEqualTo(100);
    }

    /** One window's counts per slot, all slots in the window (the tests stay within a minute). */
    private static final class CountingStore implements LeaseStore {
        private final Map<String, Map<Long, Integer>> counts = new HashMap<>();
        int calls;
        boolean failNext;

        @Override
        public synchronized Entered enter(List<CountRow> rows, int[] wanted, List<Unspent> giveBack, Instant now) {
            calls++;
            if (failNext) {
                failNext = false;
                throw new IllegalStateException("the store went away");
            }
            for (Unspent u : giveBack) {
                counts.get(u.key()).merge(u.slot(), -u.count(), Integer::sum);
            }
            int[] entered = new int[rows.size()];
            long[] slots = new long[rows.size()];
            Map<String, Integer> used = new HashMap<>();
            for (int i = 0; i < rows.size(); i++) {
                CountRow r = rows.get(i);
                int held = held(r.key());
                if (held >= r.window().max()) {
                    return new Entered(new Decision.Refused(r.bucket().key(), r.window(), Duration.ofSeconds(1)),
                            new int[0], new long[0]);
                }
                entered[i] = Math.min(wanted[i], r.window().max() - held);
                slots[i] = Math.floorDiv(now.toEpochMilli(), WindowCounts.slotLength(r.window()));
                used.put(r.key(), held + entered[i]);
            }
            for (int i = 0; i < rows.size(); i++) {
                counts.computeIfAbsent(rows.get(i).key(), k -> new HashMap<>()).merge(slots[i], entered[i], Integer::sum);
            }
            return new Entered(new Decision.Allowed(used), entered, slots);
        }

        synchronized int held(String bucketKey) {
            String key = bucketKey.contains("|") ? bucketKey : bucketKey + "|60000";
            return counts.getOrDefault(key, Map.of()).values().stream().mapToInt(Integer::intValue).sum();
        }

        synchronized int inSlot(String bucketKey, Instant at, int max) {
            Window w = key(max).windows().get(0);
            return counts.get(bucketKey + "|60000").get(Math.floorDiv(at.toEpochMilli(), WindowCounts.slotLength(w)));
        }
    }
}
