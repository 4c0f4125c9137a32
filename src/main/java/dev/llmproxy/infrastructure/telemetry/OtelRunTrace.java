package dev.llmproxy.infrastructure.telemetry;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.routing.RunTrace;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;

import java.util.Locale;

/**
 * One request's run in a trace: a client span per call, a child of the request's span, named as the conventions
 * name an inference call ({@code chat <model>}); models passed over and stream continuations are events on the
 * request's span. Prompts and answers are never put in a span.
 *
 * <p>The provider is told of a trace of the proxy's own: when the request continues its caller's trace, each call gets
 * an outbound span that starts a new trace, linked to the call's span, and the provider is given that span's context,
 * so a caller's trace id never leaves for a third party. Otherwise the call's own span is in the proxy's own trace.
 */
final class OtelRunTrace implements RunTrace {

    private final Tracer tracer;
    private final Span request;
    private final String operation;
    private final boolean callersTrace;

    /** @param callersTrace whether the request's span continues its caller's trace */
    OtelRunTrace(Tracer tracer, Span request, String operation, boolean callersTrace) {
        this.tracer = tracer;
        this.request = request;
        this.operation = operation;
        this.callersTrace = callersTrace;
    }

    @Override
    public AttemptTrace calling(AttemptStart start) {
        if (start.role() == Role.CONTINUATION) {
            request.addEvent("llm_proxy.stream_continued", Attributes.of(GenAi.MODEL, start.model()));
        }
        Span call = tracer.spanBuilder(operation + " " + start.upstreamModel()).setSpanKind(SpanKind.CLIENT)
                .setParent(Context.root().with(request))
                .setAttribute(GenAi.OPERATION, operation)
                .setAttribute(GenAi.REQUEST_MODEL, start.upstreamModel())
                .setAttribute(GenAi.PROVIDER, GenAi.provider(start.providerKind()))
                .setAttribute(GenAi.MODEL, start.model())
                .setAttribute(GenAi.PROVIDER_NAME, start.provider())
                .setAttribute(GenAi.ATTEMPT_INDEX, (long) start.index())
                .setAttribute(GenAi.ATTEMPT_ROLE, start.role().name().toLowerCase(Locale.ROOT))
                .startSpan();
        Span outbound = !callersTrace ? null : tracer.spanBuilder(operation + " " + start.upstreamModel())
                .setSpanKind(SpanKind.CLIENT).setNoParent().addLink(call.getSpanContext())
                .setAttribute(GenAi.PROVIDER_NAME, start.provider()).startSpan();
        return new Call(call, outbound);
    }

    @Override
    public void skipped(AttemptRecord attempt) {
        request.addEvent("llm_proxy.model_skipped", Attributes.of(GenAi.MODEL, attempt.model(),
                GenAi.OUTCOME, outcome(attempt), GenAi.REASON, String.valueOf(attempt.reason())));
    }

    private static String outcome(AttemptRecord attempt) {
        return attempt.outcome().name().toLowerCase(Locale.ROOT);
    }

    /** One call's span, and the span in a trace of its own whose context the provider is given (or null). */
    private record Call(Span span, Span outbound) implements AttemptTrace {

        @Override
        public String traceparent() {
            SpanContext c = (outbound == null ? span : outbound).getSpanContext();
            return c.isValid() ? "00-" + c.getTraceId() + "-" + c.getSpanId() + "-" + c.getTraceFlags().asHex() : null;
        }

        @Override
        public void answered(AttemptRecord attempt) {
            span.setAttribute(GenAi.OUTCOME, outcome(attempt));
            span.setAttribute(GenAi.LATENCY_MS, attempt.latency().toMillis());
            if (attempt.status() != null) {
                span.setAttribute(GenAi.HTTP_STATUS, (long) attempt.status());
            }
            if (attempt.reason() != null) {
                span.setAttribute(GenAi.REASON, attempt.reason());
            }
            if (attempt.costUsd() != null) {
                span.setAttribute(GenAi.COST, attempt.costUsd().doubleValue());
            }
            if (attempt.outcome() != Outcome.SUCCESS && attempt.outcome() != Outcome.TRUNCATED) {
                span.setAttribute(GenAi.ERROR_TYPE, outcome(attempt));
                span.setStatus(StatusCode.ERROR, attempt.reason() == null ? outcome(attempt) : attempt.reason());
            }
            span.end();
            if (outbound != null) {
                outbound.end();
            }
        }
    }
}
