package dev.llmproxy.domain.limits;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class BucketShareTest {

    private final Bucket key = new Bucket("key:k1", List.of(new Window("keyLimitPerMinute", Duration.ofMinutes(1), 10),
            new Window("ipLimitPerHour", Duration.ofHours(1), 3)));

    @Test
    void eachOfSeveralInstancesAllowsItsShareAndTogetherNoMoreThanTheLimit() {
        Bucket half = key.share(2);
        assertThat(half.windows()).extracting(Window::max).containsExactly(5, 1);
        assertThat(half.windows()).extracting(Window::name).containsExactly("keyLimitPerMinute", "ipLimitPerHour");
        assertThat(half.countsKey(half.windows().get(0))).isEqualTo(key.countsKey(key.windows().get(0)));
        assertThat(key.share(3).windows()).extracting(Window::max).containsExactly(3, 1);
    }

    @Test
    void oneInstanceOrMoreInstancesThanTheLimitStillAllowsAtLeastOne() {
        assertThat(key.share(1)).isSameAs(key);
        assertThat(key.share(0)).isSameAs(key);
        assertThat(key.share(50).windows()).extracting(Window::max).containsExactly(1, 1);
    }

    @Test
    void theInMemoryStoreHoldsAnInstanceToItsShare() {
        InMemoryRateLimitStore store = new InMemoryRateLimitStore(Duration.ofHours(2));
        java.time.Instant now = java.time.Instant.parse("2026-12-01T10:00:00Z");
        Bucket perMinute = new Bucket("key:k2", List.of(new Window("keyLimitPerMinute", Duration.ofMinutes(1), 10)))
                .share(2);
        long allowed = java.util.stream.IntStream.range(0, 20)
                .filter(i -> store.take(List.of(perMinute), now) == Decision.ALLOWED).count();
        assertThat(allowed).isEqualTo(5);
    }
}
