package dev.llmproxy.infrastructure.persistence;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.routing.AttemptRecord;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class AttemptsJsonTest {

    @Test
    void attemptsComeBackAsTheyWentWithEveryOptionalFieldAbsentOrPresent() {
        List<AttemptRecord> attempts = List.of(
                new AttemptRecord("a/b:c", Outcome.SKIPPED_BREAKER_OPEN, null, Duration.ZERO, null),
                new AttemptRecord("m", Outcome.STREAM_BROKEN, 200, Duration.ofMillis(1234), "cut \"mid\"\n\u00fc\u2028",
                        17, new BigDecimal("0.0000255")));
        assertThat(AttemptsJson.read("r", AttemptsJson.write(attempts))).isEqualTo(attempts);
    }

    @Test
    void noAttemptsKeepNoArray() {
        assertThat(AttemptsJson.write(List.of())).isNull();
        assertThat(AttemptsJson.read("r", null)).isEmpty();
    }

    @Test
    void aReasonIsClippedToWhatTheLogKeeps() {
        String json = AttemptsJson.write(List.of(new AttemptRecord("m", Outcome.SERVER_ERROR, 503, Duration.ZERO,
                "x".repeat(5_000))));
        assertThat(AttemptsJson.read("r", json).get(0).reason()).hasSize(1000);
    }

    @Test
    void theFormADatabaseAggregatedReadsAlike() {
        String migrated = "[{\"model\" : \"a\", \"outcome\" : \"RATE_LIMITED\", \"status\" : 429, \"latency_ms\" : 3,"
                + " \"reason\" : null, \"tokens\" : null, \"cost_usd\" : 0.0012000000}]";
        AttemptRecord a = AttemptsJson.read("r", migrated).get(0);
        assertThat(a.reason()).isNull();
        assertThat(a.tokens()).isNull();
        assertThat(a.costUsd()).isEqualByComparingTo("0.0012");
    }

    @Test
    void anArrayThatCannotBeReadGivesNoAttemptsRatherThanFailingThePage() {
        assertThat(AttemptsJson.read("r", "[{\"model\":\"m\"}]")).isEmpty();
        assertThat(AttemptsJson.read("r", "{not json")).isEmpty();
        assertThat(AttemptsJson.read("r", "[{\"model\":\"m\",\"outcome\":\"NO_SUCH\",\"latency_ms\":1}]")).isEmpty();
        assertThat(AttemptsJson.read("r", "{}")).isEmpty();
    }
}
