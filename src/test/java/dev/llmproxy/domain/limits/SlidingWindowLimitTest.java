package dev.llmproxy.domain.limits;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Sliding windows counted in slots of 1/60 of their length, with a fake clock. */
class SlidingWindowLimitTest {

    private static final Window PER_MINUTE = new Window("ipLimitPerMinute", Duration.ofMinutes(1), 3);
    private static final Window PER_HOUR = new Window("ipLimitPerHour", Duration.ofHours(1), 5);
    private static final Bucket IP = new Bucket("ip:abc", List.of(PER_MINUTE, PER_HOUR));

    private final InMemoryRateLimitStore store = new InMemoryRateLimitStore(Duration.ofHours(2));
    private Instant now = Instant.parse("2026-11-30T12:00:00Z");

    private Decision take(Bucket... buckets) {
        return store.take(List.of(buckets), now);
    }

    private void advance(Duration d) {
        now = now.plus(d);
    }

    @Test
    void allowsTheMaximumAndRefusesTheNextWithTheWindowAndWhenItFrees() {
        for (int i = 0; i < 3; i++) {
            assertThat(take(IP)).isEqualTo(Decision.ALLOWED);
            advance(Duration.ofSeconds(10));
        }
        Decision d = take(IP);
        assertThat(d).isInstanceOf(Decision.Refused.class);
        Decision.Refused r = (Decision.Refused) d;
        assertThat(r.limit()).isEqualTo(PER_MINUTE);
        assertThat(r.bucketKey()).isEqualTo("ip:abc");
        // the first request's one-second slot leaves the minute 61 s after it began: 31 s from now
        assertThat(r.retryAfter()).isEqualTo(Duration.ofSeconds(31));
        advance(Duration.ofSeconds(30));
        assertThat(take(IP)).isInstanceOf(Decision.Refused.class);
        advance(Duration.ofSeconds(1));
        assertThat(take(IP)).isEqualTo(Decision.ALLOWED);
    }

    @Test
    void slidesRatherThanResettingAtABoundary() {
        // Fixed minute buckets would allow 3 at 12:00:59 and 3 more at 12:01:00.
        advance(Duration.ofSeconds(59));
        for (int i = 0; i < 3; i++) {
            assertThat(take(IP)).isEqualTo(Decision.ALLOWED);
        }
        advance(Duration.ofSeconds(1));
        assertThat(take(IP)).isInstanceOf(Decision.Refused.class);
        advance(Duration.ofSeconds(59));
        assertThat(take(IP)).as("at most one slot late, never early").isInstanceOf(Decision.Refused.class);
        advance(Duration.ofSeconds(1));
        assertThat(take(IP)).isEqualTo(Decision.ALLOWED);
    }

    @Test
    void noSpanOfTheWindowLengthEverHoldsMoreThanTheMaximum() {
        Window w = new Window("keyLimitPerMinute", Duration.ofMinutes(1), 50);
        Bucket key = new Bucket("key:k", List.of(w));
        List<Instant> allowed = new java.util.ArrayList<>();
        for (int i = 0; i < 3_000; i++) {
            if (take(key) == Decision.ALLOWED) {
                allowed.add(now);
            }
            advance(Duration.ofMillis(137)); // a steady flood at ~7 requests a second, out of step with the slots
        }
        for (int i = 0; i + 50 < allowed.size(); i++) {
            assertThat(Duration.between(allowed.get(i), allowed.get(i + 50))).isGreaterThanOrEqualTo(w.length());
        }
        // and it is not stingy: close to 50 a minute over the ~6.8 minutes
        assertThat(allowed.size()).isGreaterThan(300);
    }

    @Test
    void theLongerWindowRefusesOnceTheShortOneHasRoomAgain() {
        for (int i = 0; i < 5; i++) {
            assertThat(take(IP)).as("request %d", i).isEqualTo(Decision.ALLOWED);
            advance(Duration.ofMinutes(2));
        }
        Decision.Refused r = (Decision.Refused) take(IP);
        assertThat(r.limit()).isEqualTo(PER_HOUR);
        assertThat(r.retryAfter()).isEqualTo(Duration.ofMinutes(51));
    }

    @Test
    void refusedRequestsAreNotCounted() {
        for (int i = 0; i < 3; i++) {
            take(IP);
        }
        for (int i = 0; i < 100; i++) {
            assertThat(take(IP)).isInstanceOf(Decision.Refused.class);
        }
        advance(Duration.ofSeconds(61));
        assertThat(take(IP)).isEqualTo(Decision.ALLOWED);
    }

    @Test
    void allOrNothingAcrossBuckets() {
        Bucket key = new Bucket("key:k1", List.of(new Window("keyLimitPerMinute", Duration.ofMinutes(1), 1)));
        assertThat(take(IP, key)).isEqualTo(Decision.ALLOWED);
        Decision.Refused r = (Decision.Refused) take(IP, key);
        assertThat(r.bucketKey()).isEqualTo("key:k1");
        // the refused request did not use the IP bucket: two more fit there
        assertThat(take(IP)).isEqualTo(Decision.ALLOWED);
        assertThat(take(IP)).isEqualTo(Decision.ALLOWED);
        assertThat(take(IP)).isInstanceOf(Decision.Refused.class);
    }

    @Test
    void bucketsAreIndependent() {
        Bucket chat = new Bucket("scope:chat:c1", List.of(new Window("scopeLimits.chat", Duration.ofMinutes(1), 1)));
        Bucket pairing = new Bucket("scope:pairing:c1", List.of(new Window("scopeLimits.pairing", Duration.ofMinutes(1), 1)));
        assertThat(take(chat)).isEqualTo(Decision.ALLOWED);
        assertThat(take(chat)).isInstanceOf(Decision.Refused.class);
        assertThat(take(pairing)).isEqualTo(Decision.ALLOWED);
    }

    @Test
    void idleCountsAreForgotten() {
        take(IP);
        advance(Duration.ofHours(3));
        store.sweepNow(now);
        assertThat(store.size()).isZero();
    }

    @Test
    void countsStayAsSmallAsTheSlotsAndSurviveTheirTextForm() {
        WindowCounts counts = WindowCounts.EMPTY;
        long t = now.toEpochMilli();
        for (int i = 0; i < 5_000; i++) {
            counts = counts.record(PER_HOUR, t + i * 1_000L);
        }
        assertThat(counts.encode().split(",")).hasSizeLessThanOrEqualTo(WindowCounts.SLOTS + 1);
        assertThat(counts.total()).isBetween(3_600, 3_660);
        WindowCounts back = WindowCounts.decode(counts.encode());
        assertThat(back.encode()).isEqualTo(counts.encode());
        assertThat(WindowCounts.decode("").total()).isZero();
    }

    @Test
    void windowsAndBucketsRejectBadValuesNamingThem() {
        assertThatThrownBy(() -> new Window("ipLimitPerMinute", Duration.ZERO, 1)).hasMessageContaining("ipLimitPerMinute");
        assertThatThrownBy(() -> new Window("keyLimitPerMinute", Duration.ofMinutes(1), 0))
                .hasMessageContaining("keyLimitPerMinute").hasMessageContaining("max");
        assertThatThrownBy(() -> new Bucket("ip:x", List.of())).hasMessageContaining("ip:x");
    }
}
