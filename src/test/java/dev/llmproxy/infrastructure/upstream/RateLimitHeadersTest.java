package dev.llmproxy.infrastructure.upstream;

import dev.llmproxy.domain.upstream.QuotaReading;
import dev.llmproxy.infrastructure.upstream.http.ResponseHead;
import dev.llmproxy.testing.MutableClock;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class RateLimitHeadersTest {

    private final MutableClock clock = new MutableClock(java.time.Instant.EPOCH);

    private QuotaReading read(Map<String, String> headers) {
        return RateLimitHeaders.read(new ResponseHead(200, headers), clock);
    }

    @Test
    void openAiAndAzureCountsWithGoStyleResets() {
        assertThat(read(Map.of("x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "6m0s",
                "x-ratelimit-remaining-tokens", "1014", "x-ratelimit-reset-tokens", "20ms")))
                .isEqualTo(new QuotaReading(0L, Duration.ofMinutes(6), 1014L, Duration.ofMillis(20)));
        // Azure: a reset may be missing, a count may be -1
        assertThat(read(Map.of("x-ratelimit-remaining-requests", "7", "x-ratelimit-remaining-tokens", "-1",
                "x-ratelimit-reset-tokens", "0")))
                .isEqualTo(new QuotaReading(7L, null, -1L, Duration.ZERO));
    }

    @Test
    void goDurations() {
        assertThat(RateLimitHeaders.duration("1h2m3.5s")).isEqualTo(Duration.ofMillis(3_723_500));
        assertThat(RateLimitHeaders.duration("1s")).isEqualTo(Duration.ofSeconds(1));
        assertThat(RateLimitHeaders.duration("0.5")).isEqualTo(Duration.ofMillis(500));
        assertThat(RateLimitHeaders.duration("90000h")).isEqualTo(Duration.ofDays(1));
        assertThat(RateLimitHeaders.duration("soon")).isNull();
        assertThat(RateLimitHeaders.duration("1s and more")).isNull();
        assertThat(RateLimitHeaders.duration("-3")).isNull();
    }

    @Test
    void anthropicResetsAreTimesAndTheTighterTokenLimitCounts() {
        assertThat(read(Map.of("anthropic-ratelimit-requests-remaining", "49",
                "anthropic-ratelimit-requests-reset", "1970-01-01T00:00:30Z",
                "anthropic-ratelimit-tokens-remaining", "90000",
                "anthropic-ratelimit-tokens-reset", "1970-01-01T00:01:00Z",
                "anthropic-ratelimit-input-tokens-remaining", "1200",
                "anthropic-ratelimit-input-tokens-reset", "1970-01-01T00:00:12+00:00")))
                .isEqualTo(new QuotaReading(49L, Duration.ofSeconds(30), 1200L, Duration.ofSeconds(12)));
    }

    @Test
    void openRouterResetsAreEpochMilliseconds() {
        clock.advance(Duration.ofSeconds(100));
        assertThat(read(Map.of("x-ratelimit-limit", "50", "x-ratelimit-remaining", "0", "x-ratelimit-reset", "160000")))
                .isEqualTo(new QuotaReading(0L, Duration.ofSeconds(60), null, null));
    }

    @Test
    void nothingReadableIsNothing() {
        assertThat(read(Map.of())).isNull();
        assertThat(read(Map.of("x-ratelimit-remaining-requests", "many"))).isNull();
        assertThat(read(Map.of("anthropic-ratelimit-requests-remaining", "1", "anthropic-ratelimit-requests-reset",
                "tomorrow"))).isEqualTo(new QuotaReading(1L, null, null, null));
    }
}
