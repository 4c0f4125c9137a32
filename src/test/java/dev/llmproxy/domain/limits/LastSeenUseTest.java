package dev.llmproxy.domain.limits;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** While the shared store is down each instance allows its share of what was left of each limit when it last looked. */
class LastSeenUseTest {

    private static final Instant T0 = Instant.parse("2026-12-01T10:00:00Z");
    private final Window perMinute = new Window("keyLimitPerMinute", Duration.ofMinutes(1), 10);
    private final Window perHour = new Window("ipLimitPerHour", Duration.ofHours(1), 3);
    private final Bucket key = new Bucket("key:k1", List.of(perMinute, perHour));
    private final LastSeenUse seen = new LastSeenUse();

    @Test
    void withNothingSeenEachInstanceAllowsItsShareOfTheWholeLimitAndAtLeastOne() {
        Bucket half = seen.share(key, 2, T0).bucket();
        assertThat(half.windows()).extracting(Window::max).containsExactly(5, 1);
        assertThat(half.windows()).extracting(Window::name).containsExactly("keyLimitPerMinute", "ipLimitPerHour");
        assertThat(half.countsKey(half.windows().get(0))).isEqualTo(key.countsKey(perMinute));
        assertThat(seen.share(key, 3, T0).bucket().windows()).extracting(Window::max).containsExactly(3, 1);
        assertThat(seen.share(key, 1, T0).bucket()).isEqualTo(key);
        assertThat(seen.share(key, 0, T0).bucket()).isEqualTo(key);
        assertThat(seen.share(key, 50, T0).bucket().windows()).extracting(Window::max).containsExactly(1, 1);
    }

    @Test
    void eachInstanceAllowsItsShareOfWhatWasLeftUntilWhatWasSeenHasLeftTheWindow() {
        seen.saw(new Decision.Allowed(Map.of(key.countsKey(perMinute), 6, key.countsKey(perHour), 1)), T0);
        Bucket share = seen.share(key, 2, T0.plusSeconds(5)).bucket();
        assertThat(share.windows()).extracting(Window::max).containsExactly(2, 1);
        // a minute after it was seen, the minute's use has left its window; the hour's has not
        assertThat(seen.share(key, 2, T0.plusSeconds(60)).bucket().windows()).extracting(Window::max).containsExactly(5, 1);
    }

    @Test
    void aWindowUsedUpWhenLastSeenRefusesUntilItsUseHasLeftTheWindow() {
        seen.saw(new Decision.Refused(key.key(), perMinute, Duration.ofSeconds(20)), T0);
        LastSeenUse.Share share = seen.share(key, 2, T0.plusSeconds(15));
        assertThat(share.bucket()).isNull();
        assertThat(share.refused().limit()).isEqualTo(perMinute);
        assertThat(share.refused().retryAfter()).isEqualTo(Duration.ofSeconds(45));
        seen.saw(new Decision.Allowed(Map.of(key.countsKey(perMinute), 9)), T0);
        assertThat(seen.share(key, 2, T0.plusSeconds(15)).refused()).as("1 left over 2 instances").isNotNull();
        assertThat(seen.share(key, 1, T0.plusSeconds(15)).bucket().windows().get(0).max()).isEqualTo(1);
    }

    @Test
    void theInMemoryStoreHoldsAnInstanceToItsShare() {
        InMemoryRateLimitStore store = new InMemoryRateLimitStore(Duration.ofHours(2));
        Bucket minuteOnly = new Bucket("key:k2", List.of(perMinute));
        seen.saw(new Decision.Allowed(Map.of(minuteOnly.countsKey(perMinute), 4)), T0);
        long allowed = IntStream.range(0, 20)
                .filter(i -> store.take(List.of(seen.share(minuteOnly, 2, T0).bucket()), T0) instanceof Decision.Allowed)
                .count();
        assertThat(allowed).isEqualTo(3);
    }

    @Test
    void whatNoLongerBoundsAnythingIsForgotten() {
        seen.saw(new Decision.Allowed(Map.of(key.countsKey(perMinute), 6)), T0);
        seen.sweep(T0.plus(Duration.ofHours(1)));
        assertThat(seen.size()).isEqualTo(1);
        seen.sweep(T0.plus(Duration.ofHours(3)));
        assertThat(seen.size()).isZero();
    }
}
