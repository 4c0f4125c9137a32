package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.domain.upstream.UpstreamReply;
import dev.llmproxy.testing.GeminiBodies;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

/** Gemini's error bodies, as the outcome table sees them. */
class GeminiErrorsTest {

    // 02:00 in Los Angeles (PST, UTC-8): 22 hours to Google's daily reset
    private static final Clock CLOCK = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);

    private static UpstreamReply.HttpError read(int status, String file) {
        return GeminiErrors.read(GeminiCalls.to("gemini-2.5-pro"), status,
                GeminiBodies.body(file).getBytes(StandardCharsets.UTF_8), CLOCK);
    }

    @Test
    void aPerMinuteQuotaCoolsTheModelDownForTheDelayInTheBody() {
        UpstreamReply.HttpError e = read(429, "error-429-per-minute.json");
        assertThat(e.status()).isEqualTo(429);
        assertThat(e.retryAfter()).isEqualTo(Duration.ofMillis(2838));
    }

    @Test
    void aPerDayQuotaCoolsTheModelDownUntilTheDailyReset() {
        assertThat(read(429, "error-429-per-day.json").retryAfter()).isEqualTo(Duration.ofHours(22));
    }

    @Test
    void anErrorInAnArrayReadsTheSame() {
        UpstreamReply.HttpError e = read(429, "error-429-array.json");
        assertThat(e.retryAfter()).isEqualTo(Duration.ofSeconds(7));
    }

    @Test
    void aBadKeyIsTheMisconfigurationItMeans() {
        assertThat(read(400, "error-400-api-key.json").status()).isEqualTo(401);
        assertThat(read(400, "error-400-region.json").status()).isEqualTo(403);
    }

    @Test
    void aPromptTooLongForTheModelIsMarkedAsContextLength() {
        assertThat(read(400, "error-400-too-long.json").bodyExcerpt()).startsWith("context_length_exceeded: ");
        assertThat(read(400, "error-400-unknown-field.json").bodyExcerpt()).doesNotContain("context_length_exceeded");
        assertThat(read(400, "error-400-unknown-field.json").status()).isEqualTo(400);
    }

    @ParameterizedTest
    @CsvSource({"403, error-403.json", "404, error-404.json", "500, error-500.json", "503, error-503.json",
            "504, error-504.json"})
    void otherStatusesStandWithoutAWait(int status, String file) {
        UpstreamReply.HttpError e = read(status, file);
        assertThat(e.status()).isEqualTo(status);
        assertThat(e.retryAfter()).isNull();
        assertThat(e.bodyExcerpt()).contains("\"code\": " + status);
    }

    @Test
    void aBodyThatIsNotGeminisShapeKeepsItsStatus() {
        UpstreamReply.HttpError e = GeminiErrors.read(GeminiCalls.to("gemini-2.5-pro"), 502,
                "<html>Bad gateway</html>".getBytes(StandardCharsets.UTF_8), CLOCK);
        assertThat(e.status()).isEqualTo(502);
        assertThat(e.bodyExcerpt()).isEqualTo("<html>Bad gateway</html>");
    }

    @ParameterizedTest
    @CsvSource({"48s, 48000", "45.837906927s, 45838", "0.5s, 500", "0s, 0", "1000000s, 86400000"})
    void retryDelaysAreProtobufDurations(String text, long millis) {
        assertThat(GeminiErrors.delay(text)).isEqualTo(Duration.ofMillis(millis));
    }

    @Test
    void aDelayThatIsNotADurationIsNone() {
        assertThat(GeminiErrors.delay("soon")).isNull();
        assertThat(GeminiErrors.delay("-3s")).isNull();
        assertThat(GeminiErrors.delay("12")).isNull();
    }
}
