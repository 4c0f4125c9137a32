package dev.llmproxy.infrastructure.telemetry;

import dev.llmproxy.application.telemetry.RequestTracing;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.RunTrace;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;

import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Requests as OpenTelemetry traces: a server span per request ({@code chat <tier or model>}), continuing the caller's
 * W3C trace context, with its run's calls as children ({@link OtelRunTrace}). Off, and costing one map lookup per
 * request, unless the standard {@code OTEL_*} variables name an exporter ({@link TelemetrySdk}).
 */
@ApplicationScoped
public class OtelRequestTracing implements RequestTracing {

    private static final Logger LOG = Logger.getLogger(OtelRequestTracing.class.getName());
    /** Requests whose row has not come yet; past this many (rows that never came), new ones go untraced. */
    static final int MAX_OPEN = 10_000;
    private static final TextMapGetter<Map<String, String>> HEADERS = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
            return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
            return carrier == null ? null : carrier.get(key);
        }
    };

    /** @param callersTrace whether the request's span continues a trace its caller started */
    private record Open(Span span, String operation, boolean callersTrace) { }

    private final Map<String, Open> open = new ConcurrentHashMap<>();
    private TelemetrySdk sdk;
    private Tracer tracer;

    public OtelRequestTracing() {
    }

    /** For tests: traces into that OpenTelemetry. */
    OtelRequestTracing(OpenTelemetry telemetry) {
        this.tracer = telemetry.getTracer("llm-proxy");
    }

    @PostConstruct
    void start() {
        sdk = TelemetrySdk.fromEnvironment();
        tracer = sdk == null ? null : sdk.tracer();
    }

    @PreDestroy
    void stop() {
        if (sdk != null) {
            sdk.close();
        }
    }

    @Override
    public void started(String requestId, FrontDoor door, String traceparent, String tracestate, Instant receivedAt) {
        // a caller may send the same request id twice at once: the first is traced, the second is not
        if (tracer == null || open.size() >= MAX_OPEN || open.containsKey(requestId)) {
            return;
        }
        try {
            Map<String, String> carrier = new HashMap<>(2);
            if (traceparent != null) {
                carrier.put("traceparent", traceparent);
                if (tracestate != null) {
                    carrier.put("tracestate", tracestate);
                }
            }
            Context parent = W3CTraceContextPropagator.getInstance().extract(Context.root(), carrier, HEADERS);
            String operation = door == FrontDoor.EMBEDDINGS ? "embeddings" : "chat";
            Span span = tracer.spanBuilder(operation).setSpanKind(SpanKind.SERVER).setParent(parent)
                    .setStartTimestamp(receivedAt).setAttribute(GenAi.OPERATION, operation)
                    .setAttribute(GenAi.FRONT_DOOR, door.wireName()).setAttribute(GenAi.REQUEST_ID, requestId)
                    .startSpan();
            open.put(requestId, new Open(span, operation, Span.fromContext(parent).getSpanContext().isRemote()));
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not start the trace of request " + requestId, e);
        }
    }

    @Override
    public RunTrace run(String requestId) {
        Open o = tracer == null ? null : open.get(requestId);
        return o == null ? RunTrace.NONE : new OtelRunTrace(tracer, o.span(), o.operation(), o.callersTrace());
    }

    @Override
    public void ended(RequestRecord r) {
        Open o = tracer == null ? null : open.remove(r.requestId());
        if (o == null) {
            return;
        }
        try {
            Span span = o.span();
            String requested = r.tier() != null ? r.tier() : r.requestedModel();
            if (requested != null) {
                span.updateName(o.operation() + " " + requested);
                span.setAttribute(GenAi.REQUEST_MODEL, requested);
            }
            if (r.tier() != null) {
                span.setAttribute(GenAi.TIER, r.tier());
            }
            if (r.answeringModel() != null) {
                span.setAttribute(GenAi.RESPONSE_MODEL, r.answeringModel());
            }
            if (r.promptTokens() != null) {
                span.setAttribute(GenAi.INPUT_TOKENS, (long) r.promptTokens());
            }
            if (r.completionTokens() != null) {
                span.setAttribute(GenAi.OUTPUT_TOKENS, (long) r.completionTokens());
            }
            if (r.finishReason() != null) {
                span.setAttribute(GenAi.FINISH_REASONS, List.of(r.finishReason()));
            }
            if (r.costUsd() != null) {
                span.setAttribute(GenAi.COST, r.costUsd().doubleValue());
            }
            span.setAttribute(GenAi.HTTP_STATUS, (long) r.status());
            span.setAttribute(GenAi.FALLBACK, r.fallback());
            span.setAttribute(GenAi.STREAM, r.stream());
            span.setAttribute(GenAi.OUTCOME, r.errorCode() != null ? r.errorCode() : r.fallback() ? "degraded" : "ok");
            if (r.errorCode() != null) {
                span.setAttribute(GenAi.ERROR_TYPE, r.errorCode());
            }
            if (r.status() >= 500) {
                span.setStatus(StatusCode.ERROR, r.errorCode());
            }
            span.end();
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "Could not end the trace of request " + r.requestId(), e);
        }
    }

    /** Requests whose trace is open (for tests). */
    int openTraces() {
        return open.size();
    }
}
