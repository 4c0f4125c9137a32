package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.streaming.StreamStats;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class RequestMetersTest {

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);
    private final RequestMeters meters = new RequestMeters(registry);

    @Test
    void answeredByTheFirstModelIsOk() {
        meters.record(record("fast", "m1", false, 200, null, List.of(attempt("m1", Outcome.SUCCESS, 40))));

        assertThat(registry.scrape())
                .contains("proxy_requests_total{code=\"\",door=\"chat\",model=\"m1\",outcome=\"ok\",tier=\"fast\"} 1.0")
                .contains("proxy_attempts_total{model=\"m1\",outcome=\"success\"} 1.0")
                .contains("proxy_request_duration_seconds_count{outcome=\"ok\",tier=\"fast\"} 1")
                .contains("proxy_attempt_duration_seconds_count{model=\"m1\"} 1");
    }

    @Test
    void answeredByAFallbackIsDegradedAndRetriesOnlyCountRepeatedCallsToOneModel() {
        meters.record(record("fast", "m2", true, 200, null, List.of(
                attempt("m1", Outcome.SERVER_ERROR, 10),
                attempt("m1", Outcome.SERVER_ERROR, 10),
                attempt("m2", Outcome.SKIPPED_BREAKER_OPEN, 0),
                attempt("m3", Outcome.RATE_LIMITED, 5),
                attempt("m2", Outcome.SUCCESS, 30))));

        String scrape = registry.scrape();
        assertThat(scrape)
                .contains("proxy_requests_total{code=\"\",door=\"chat\",model=\"m2\",outcome=\"degraded\",tier=\"fast\"} 1.0")
                .contains("proxy_attempts_total{model=\"m1\",outcome=\"server_error\"} 2.0")
                .contains("proxy_attempts_total{model=\"m2\",outcome=\"skipped_breaker_open\"} 1.0")
                .contains("proxy_retries_total{model=\"m1\"} 1.0")
                // the skipped attempt was no call, so the later call to m2 is its first
                .doesNotContain("proxy_retries_total{model=\"m2\"}")
                .contains("proxy_attempt_duration_seconds_count{model=\"m2\"} 1");
    }

    @Test
    void failuresCarryTheirCodeAndSaw429IsCounted() {
        RequestRecord r = new RequestRecord("r", Instant.EPOCH, null, "anything-a-client-sends", null, false, 429,
                "rate_limited", 12, null, null, null, null, false, true, false,
                List.of(attempt("m1", Outcome.RATE_LIMITED, 3)), null, 250L, null, null);
        meters.record(r);

        assertThat(registry.scrape())
                .contains("proxy_requests_total{code=\"rate_limited\",door=\"chat\",model=\"none\",outcome=\"failed\",tier=\"none\"} 1.0")
                .contains("proxy_requests_saw429_total{tier=\"none\"} 1.0")
                .contains("proxy_queue_wait_seconds_count 1")
                .contains("proxy_queue_wait_seconds_bucket{le=\"0.5\"} 1")
                .doesNotContain("anything-a-client-sends");
    }

    @Test
    void aClientThatLeftIsAbandonedNotFailed() {
        meters.record(record("fast", null, false, 499, "client_closed", List.of()));

        assertThat(RequestMeters.outcome(record("fast", null, false, 499, "client_closed", List.of())))
                .isEqualTo("abandoned");
        assertThat(registry.scrape()).contains("outcome=\"abandoned\"");
    }

    @Test
    void streamsReportFirstTokenContinuationsAndMalformedEvents() {
        RequestRecord r = new RequestRecord("r", Instant.EPOCH, "fast", "fast", "m2", true, 200, null, 900, 1, 2, 3,
                "stop", false, false, true, List.of(attempt("m1", Outcome.STREAM_BROKEN, 100),
                attempt("m2", Outcome.SUCCESS, 800)), new StreamStats(120L, 40, 2, 1), 0L, null, null);
        meters.record(r);

        assertThat(registry.scrape())
                .contains("proxy_stream_first_token_seconds_count 1")
                .contains("proxy_stream_continuations_total 1.0")
                .contains("proxy_stream_malformed_events_total 2.0");
    }

    @Test
    void costIsCountedByEachBilledAttemptsModelAndTokensByTheAnsweringModel() {
        RequestRecord r = RequestRecord.of("r", Instant.EPOCH).asked("fast", "fast").answeredBy("m1", true)
                .status(200, null).usage(11, 7, 18).cost(new java.math.BigDecimal("0.0000685"))
                .attempts(List.of(new AttemptRecord("m0", Outcome.STREAM_BROKEN, 200, Duration.ZERO, "cut", 10,
                                new java.math.BigDecimal("0.00001")),
                        new AttemptRecord("m1", Outcome.SUCCESS, 200, Duration.ZERO, null, 18,
                                new java.math.BigDecimal("0.0000585")))).build();
        meters.record(r);
        meters.record(r);
        assertThat(registry.scrape())
                .contains("proxy_cost_usd_total{model=\"m1\",tier=\"fast\"} 1.17E-4")
                .contains("proxy_cost_usd_total{model=\"m0\",tier=\"fast\"} 2.0E-5")
                .contains("proxy_tokens_total{kind=\"prompt\",model=\"m1\"} 22.0")
                .contains("proxy_tokens_total{kind=\"completion\",model=\"m1\"} 14.0");
    }

    private static RequestRecord record(String tier, String model, boolean fallback, int status, String code,
                                        List<AttemptRecord> attempts) {
        return new RequestRecord("r", Instant.EPOCH, tier, tier, model, fallback, status, code, 50, null, null, null,
                null, false, false, false, attempts, null, null, null, null);
    }

    private static AttemptRecord attempt(String model, Outcome outcome, long ms) {
        return new AttemptRecord(model, outcome, null, Duration.ofMillis(ms), "");
    }
}
