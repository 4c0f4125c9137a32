package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;

import static dev.llmproxy.testing.FaultUpstream.ok;
import static dev.llmproxy.testing.FaultUpstream.status;
import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/** {@code /metrics}: the series an operator alerts on, fed by real proxied requests. */
class MetricsIT extends DeployedProxy {

    private static FaultUpstream fault;


    @BeforeAll
    static void start() throws Exception {
        fault = new FaultUpstream(0);
        fault.on("mx-down", status(503));
        fault.on("mx-up", ok());
        fault.on("mx-limited", status(429));
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl())
                .setting("maxSameModelRetries", 1).setting("backoffInitialMs", 10).setting("backoffMaxMs", 10)
                .setting("breakerFailureThreshold", 50).setting("breakerConsecutiveFailures", 50)
                .tier("mx-tier", "mx-down", "mx-up")
                .tier("mx-limited-tier", "mx-limited")
                .build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
    }

    @Test
    void requestsAttemptsRetriesAndLatencyAreCountedByTierModelAndOutcome() {
        assertThat(proxy.chat("mx-tier").statusCode()).isEqualTo(200);
        assertThat(proxy.chat("mx-limited-tier").statusCode()).isEqualTo(429);

        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(metrics())
                .contains("proxy_requests_total{code=\"\",door=\"chat\",model=\"mx-up\",outcome=\"degraded\",tier=\"mx-tier\"} 1.0")
                .contains("proxy_requests_total{code=\"upstream_rate_limited\",door=\"chat\",model=\"none\",outcome=\"failed\","
                        + "tier=\"mx-limited-tier\"} 1.0"));
        assertThat(metrics())
                .contains("proxy_attempts_total{model=\"mx-down\",outcome=\"server_error\"} 2.0")
                .contains("proxy_attempts_total{model=\"mx-up\",outcome=\"success\"} 1.0")
                .contains("proxy_retries_total{model=\"mx-down\"} 1.0")
                .contains("proxy_requests_saw429_total{tier=\"mx-limited-tier\"} 1.0")
                .contains("proxy_request_duration_seconds_bucket{outcome=\"degraded\",tier=\"mx-tier\",le=\"+Inf\"} 1")
                .contains("proxy_attempt_duration_seconds_count{model=\"mx-down\"} 2");
    }

    @Test
    void breakerStatesTransitionsQueueAndTiersAreExposed() {
        assertThat(proxy.adminPost("/admin/api/breakers/mx-limited/open").statusCode()).isEqualTo(200);
        try {
            String scrape = metrics();
            assertThat(scrape)
                    .contains("proxy_breaker_state{model=\"mx-limited\",state=\"open\"} 1.0")
                    .contains("proxy_breaker_state{model=\"mx-limited\",state=\"closed\"} 0.0")
                    .contains("proxy_breaker_state{model=\"mx-up\",state=\"closed\"} 1.0")
                    .contains("proxy_breaker_transitions_total{from=\"closed\",model=\"mx-limited\",to=\"open\"} 1.0")
                    .contains("proxy_tier_available{tier=\"mx-limited-tier\"} 0.0")
                    .contains("proxy_tier_available{tier=\"mx-tier\"} 1.0")
                    .containsPattern("(?m)^proxy_queue_depth \\d")
                    .containsPattern("(?m)^proxy_upstream_in_flight \\d")
                    .containsPattern("(?m)^proxy_queue_rejections_total \\d")
                    .containsPattern("(?m)^proxy_queue_timeouts_total \\d")
                    .containsPattern("(?m)^proxy_request_log_dropped_total 0")
                    .containsPattern("(?m)^proxy_json_parsed_total [1-9]")
                    .containsPattern("(?m)^proxy_json_written_total [1-9]")
                    .contains("jvm_memory_used_bytes");
        } finally {
            proxy.adminPost("/admin/api/breakers/mx-limited/reset");
        }
    }

    @Test
    void prometheusTextByDefaultAndOpenMetricsWhenAskedFor() throws Exception {
        HttpResponse<String> plain = proxy.get("/metrics");
        assertThat(plain.statusCode()).isEqualTo(200);
        assertThat(plain.headers().firstValue("Content-Type").orElseThrow()).startsWith("text/plain; version=0.0.4");
        HttpResponse<String> open = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                        URI.create(ProxyClient.BASE + "/metrics")).header("Accept", "application/openmetrics-text").build(),
                HttpResponse.BodyHandlers.ofString());
        assertThat(open.headers().firstValue("Content-Type").orElseThrow()).startsWith("application/openmetrics-text");
        assertThat(open.body()).endsWith("# EOF\n");
    }

    private String metrics() {
        HttpResponse<String> r = proxy.get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        return r.body();
    }
}
