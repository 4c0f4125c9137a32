package dev.llmproxy.it;

import dev.llmproxy.testing.FaultUpstream;
import dev.llmproxy.testing.OtlpReceiver;
import org.awaitility.Awaitility;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request as a trace in a collector (the test server exports to this test's OTLP receiver): the caller's trace
 * continued, a span per call with the model that failed and the one that answered, the call's trace context passed
 * on to the provider.
 */
class TracingIT extends DeployedProxy {

    static final String CALLER_TRACE = "0af7651916cd43dd8448eb211c80319c";
    static final String CALLER_SPAN = "b7ad6b7169203331";

    private static FaultUpstream fault;
    private static OtlpReceiver collector;

    @BeforeAll
    static void start() throws Exception {
        collector = OtlpReceiver.start(Integer.getInteger("it.otlp.port", 19093));
        fault = new FaultUpstream(0);
        fault.on("traced-down", FaultUpstream.status(503, "{\"error\":{\"message\":\"overloaded\"}}"));
        fault.on("traced-up", FaultUpstream.ok());
        new ProxyClient().importConfig(new ConfigBuilder(fault.baseUrl()).tier("traced", "traced-down", "traced-up")
                .setting("maxSameModelRetries", 0).build());
    }

    @AfterAll
    static void stop() throws Exception {
        fault.close();
        collector.close();
    }

    @Test
    void aRequestIsATraceWithASpanPerCallInsideTheCallersTrace() {
        HttpResponse<String> r = proxy.send("POST", "/v1/chat/completions", ProxyClient.chatBody("traced"),
                "traceparent", "00-" + CALLER_TRACE + "-" + CALLER_SPAN + "-01");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        String requestId = r.headers().firstValue("X-Request-Id").orElseThrow();

        List<OtlpReceiver.Received> trace = awaitTrace(collector, CALLER_TRACE);
        assertTraceOfAFallback(trace, requestId, "traced");
        OtlpReceiver.Received answered = trace.stream()
                .filter(s -> "traced-up".equals(s.attributes().get("llm_proxy.model"))).findFirst().orElseThrow();
        // the provider is told of a trace of the proxy's own, linked to the call's span: never the caller's trace id
        String told = fault.lastHeaders("traced-up").get("traceparent");
        assertThat(told).doesNotContain(CALLER_TRACE);
        String toldTrace = told.split("-")[1];
        String toldSpan = told.split("-")[2];
        OtlpReceiver.Received outbound = Awaitility.await().atMost(Duration.ofSeconds(30))
                .until(() -> collector.trace(toldTrace).stream().filter(s -> s.spanId().equals(toldSpan)).findFirst(),
                        java.util.Optional::isPresent).orElseThrow();
        assertThat(outbound.links()).containsExactly(answered.spanId());
    }

    /**
     * Waits until the collector holds the request's span and two calls' (the exporter sends in batches, and the
     * request's span ends last, once its row is written).
     */
    static List<OtlpReceiver.Received> awaitTrace(OtlpReceiver collector, String traceId) {
        return Awaitility.await("the trace in the collector").atMost(Duration.ofSeconds(30))
                .pollInterval(Duration.ofMillis(100)).until(() -> collector.trace(traceId),
                        t -> t.stream().anyMatch(s -> s.kind() == 2) && t.stream().filter(s -> s.kind() == 3).count() >= 2);
    }

    /** A server span for the request in the caller's trace, a client span per call: the failed one, the answer. */
    static void assertTraceOfAFallback(List<OtlpReceiver.Received> trace, String requestId, String tier) {
        OtlpReceiver.Received request = trace.stream().filter(s -> s.kind() == 2).findFirst().orElseThrow();
        assertThat(request.name()).isEqualTo("chat " + tier);
        assertThat(request.parentSpanId()).isEqualTo(CALLER_SPAN);
        assertThat(request.attributes()).containsEntry("llm_proxy.request_id", requestId)
                .containsEntry("gen_ai.operation.name", "chat").containsEntry("llm_proxy.outcome", "degraded")
                .containsEntry("llm_proxy.front_door", "chat").containsEntry("http.response.status_code", "200");
        List<OtlpReceiver.Received> calls = trace.stream().filter(s -> s.kind() == 3).toList();
        assertThat(calls).allSatisfy(c -> assertThat(c.parentSpanId()).isEqualTo(request.spanId()));
        assertThat(calls).extracting(c -> c.attributes().get("llm_proxy.outcome")).contains("server_error", "success");
        assertThat(calls).extracting(c -> c.attributes().get("llm_proxy.attempt.role")).contains("first", "fallback");
    }
}
