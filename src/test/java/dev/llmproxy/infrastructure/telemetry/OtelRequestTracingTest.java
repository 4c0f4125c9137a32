package dev.llmproxy.infrastructure.telemetry;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.RunTrace;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.junit.jupiter.api.Test;

import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Requests as traces, read back from the SDK's in-memory exporter. */
class OtelRequestTracingTest {

    private static final String CALLER_TRACE = "4bf92f3577b34da6a3ce929d0e0e4736";
    private static final String CALLER_SPAN = "00f067aa0ba902b7";

    private final InMemorySpanExporter exported = InMemorySpanExporter.create();
    private final OtelRequestTracing tracing = new OtelRequestTracing(OpenTelemetrySdk.builder()
            .setTracerProvider(SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(exported))
                    .build()).build());

    private static RequestRecord.Builder row(String id) {
        return RequestRecord.of(id, Instant.now());
    }

    @Test
    void aRequestIsASpanInTheCallersTraceWithASpanPerCall() {
        tracing.started("req-1", FrontDoor.CHAT, "00-" + CALLER_TRACE + "-" + CALLER_SPAN + "-01", "vendor=x",
                Instant.now());
        RunTrace run = tracing.run("req-1");
        run.skipped(new AttemptRecord("cold", Outcome.SKIPPED_BREAKER_OPEN, null, Duration.ZERO, "not called: circuit open"));
        RunTrace.AttemptTrace first = run.calling(new RunTrace.AttemptStart("a", "gpt-x", "openai-eu", "openai", 0,
                RunTrace.Role.FIRST));
        String sentUpstream = first.traceparent();
        first.answered(new AttemptRecord("a", Outcome.SERVER_ERROR, 503, Duration.ofMillis(40), "HTTP 503"));
        RunTrace.AttemptTrace second = run.calling(new RunTrace.AttemptStart("b", "claude-x", "anthropic",
                "anthropic", 1, RunTrace.Role.FALLBACK));
        second.answered(new AttemptRecord("b", Outcome.SUCCESS, 200, Duration.ofMillis(90), null, 30,
                new BigDecimal("0.0012")));
        tracing.ended(row("req-1").asked("fast", "fast").answeredBy("b", true).status(200, null)
                .usage(20, 10, 30).build());

        List<SpanData> all = exported.getFinishedSpanItems();
        // the request, its two calls in the caller's trace, and per call an outbound span in a trace of the proxy's own
        assertThat(all).hasSize(5);
        List<SpanData> spans = all.stream().filter(s -> s.getTraceId().equals(CALLER_TRACE)).toList();
        assertThat(spans).hasSize(3);
        SpanData request = spans.stream().filter(s -> s.getKind() == SpanKind.SERVER).findFirst().orElseThrow();
        assertThat(request.getName()).isEqualTo("chat fast");
        assertThat(request.getTraceId()).isEqualTo(CALLER_TRACE);
        assertThat(request.getParentSpanId()).isEqualTo(CALLER_SPAN);
        assertThat(request.getAttributes().get(GenAi.OPERATION)).isEqualTo("chat");
        assertThat(request.getAttributes().get(GenAi.REQUEST_MODEL)).isEqualTo("fast");
        assertThat(request.getAttributes().get(GenAi.RESPONSE_MODEL)).isEqualTo("b");
        assertThat(request.getAttributes().get(GenAi.INPUT_TOKENS)).isEqualTo(20L);
        assertThat(request.getAttributes().get(GenAi.OUTPUT_TOKENS)).isEqualTo(10L);
        assertThat(request.getAttributes().get(GenAi.OUTCOME)).isEqualTo("degraded");
        assertThat(request.getAttributes().get(GenAi.FRONT_DOOR)).isEqualTo("chat");
        assertThat(request.getAttributes().get(GenAi.REQUEST_ID)).isEqualTo("req-1");
        assertThat(request.getEvents()).singleElement().satisfies(e -> {
            assertThat(e.getName()).isEqualTo("llm_proxy.model_skipped");
            assertThat(e.getAttributes().get(GenAi.MODEL)).isEqualTo("cold");
            assertThat(e.getAttributes().get(GenAi.OUTCOME)).isEqualTo("skipped_breaker_open");
        });

        List<SpanData> calls = spans.stream().filter(s -> s.getKind() == SpanKind.CLIENT).toList();
        assertThat(calls).extracting(SpanData::getName).containsExactly("chat gpt-x", "chat claude-x");
        assertThat(calls).allSatisfy(c -> {
            assertThat(c.getParentSpanId()).isEqualTo(request.getSpanId());
            assertThat(c.getTraceId()).isEqualTo(CALLER_TRACE);
        });
        SpanData failed = calls.get(0);
        SpanData outbound = all.stream().filter(s -> !s.getTraceId().equals(CALLER_TRACE)
                && s.getLinks().stream().anyMatch(l -> l.getSpanContext().getSpanId().equals(failed.getSpanId())))
                .findFirst().orElseThrow();
        assertThat(outbound.getParentSpanContext().isValid()).isFalse();
        assertThat(sentUpstream).isEqualTo("00-" + outbound.getTraceId() + "-" + outbound.getSpanId() + "-"
                + outbound.getSpanContext().getTraceFlags().asHex())
                .doesNotContain(CALLER_TRACE);
        assertThat(failed.getAttributes().get(GenAi.PROVIDER)).isEqualTo("openai");
        assertThat(failed.getAttributes().get(GenAi.HTTP_STATUS)).isEqualTo(503L);
        assertThat(failed.getAttributes().get(GenAi.ATTEMPT_ROLE)).isEqualTo("first");
        assertThat(failed.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
        SpanData answered = calls.get(1);
        assertThat(answered.getAttributes().get(GenAi.ATTEMPT_ROLE)).isEqualTo("fallback");
        assertThat(answered.getAttributes().get(GenAi.COST)).isEqualTo(0.0012);
        assertThat(answered.getStatus().getStatusCode()).isEqualTo(StatusCode.UNSET);
        assertThat(tracing.openTraces()).isZero();
    }

    @Test
    void withoutACallersTraceARequestStartsOneAndAFailureIsMarked() {
        tracing.started("req-2", FrontDoor.EMBEDDINGS, "not-a-traceparent", null, Instant.now());
        tracing.ended(row("req-2").asked(null, "vectors").status(502, "upstream_failed").build());
        SpanData span = exported.getFinishedSpanItems().get(0);
        assertThat(span.getParentSpanContext().isValid()).isFalse();
        assertThat(span.getName()).isEqualTo("embeddings vectors");
        assertThat(span.getAttributes().get(GenAi.ERROR_TYPE)).isEqualTo("upstream_failed");
        assertThat(span.getStatus().getStatusCode()).isEqualTo(StatusCode.ERROR);
    }

    @Test
    void noPromptOrAnswerIsEverPutInASpan() {
        tracing.started("req-3", FrontDoor.CHAT, null, null, Instant.now());
        tracing.ended(row("req-3").asked(null, "m").status(200, null).caller(null, "my secret prompt").build());
        assertThat(exported.getFinishedSpanItems().get(0).getAttributes().asMap().values())
                .noneMatch(v -> String.valueOf(v).contains("secret"));
        assertThat(exported.getFinishedSpanItems().get(0).getAttributes().asMap().keySet())
                .extracting(AttributeKey::getKey).noneMatch(k -> k.contains("prompt") || k.contains("completion"));
    }

    @Test
    void offItTracesNothingAndARowWithoutAStartIsIgnored() {
        OtelRequestTracing off = new OtelRequestTracing();
        off.started("req-4", FrontDoor.CHAT, null, null, Instant.now());
        assertThat(off.run("req-4")).isSameAs(RunTrace.NONE);
        off.ended(row("req-4").status(200, null).build());
        tracing.ended(row("never-started").status(200, null).build());
        assertThat(exported.getFinishedSpanItems()).isEmpty();
    }

    @Test
    void onlyAnExporterOrAnEndpointSwitchesTracingOn() {
        assertThat(TelemetrySdk.wanted(Map.<String, String>of()::get)).isFalse();
        assertThat(TelemetrySdk.wanted(Map.of("OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")::get)).isTrue();
        assertThat(TelemetrySdk.wanted(Map.of("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT", "http://c:4318/v1/traces")::get))
                .isTrue();
        assertThat(TelemetrySdk.wanted(Map.of("OTEL_TRACES_EXPORTER", "otlp")::get)).isTrue();
        assertThat(TelemetrySdk.wanted(Map.of("OTEL_TRACES_EXPORTER", "none",
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")::get)).isFalse();
        assertThat(TelemetrySdk.wanted(Map.of("OTEL_SDK_DISABLED", "true",
                "OTEL_EXPORTER_OTLP_ENDPOINT", "http://collector:4318")::get)).isFalse();
    }
}
