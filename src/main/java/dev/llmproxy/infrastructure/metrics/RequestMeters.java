package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.proxy.RequestRecorder;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.streaming.StreamStats;
import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;

import java.time.Duration;
import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * Turns each finished request into counters and histograms. Every label value comes from the configuration or from a
 * closed set (outcomes, error codes), never from what a client sent, so a client cannot blow up the series count.
 */
final class RequestMeters {

    /** The tier label of a request that named a model directly or was refused before routing. */
    static final String NO_TIER = "none";
    static final String NO_MODEL = "none";

    private static final Duration[] REQUEST_BUCKETS = seconds(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
            20, 30, 60, 120);
    private static final Duration[] ATTEMPT_BUCKETS = seconds(0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60);
    private static final Duration[] QUEUE_BUCKETS = seconds(0.001, 0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 120);

    private final Meter.MeterProvider<Counter> requests;
    private final Meter.MeterProvider<Counter> saw429;
    private final Meter.MeterProvider<Timer> requestDuration;
    private final Meter.MeterProvider<Counter> attempts;
    private final Meter.MeterProvider<Timer> attemptDuration;
    private final Meter.MeterProvider<Counter> retries;
    private final Timer queueWait;
    private final Timer firstToken;
    private final Counter continuations;
    private final Counter malformedEvents;
    private final Meter.MeterProvider<Counter> cost;
    private final Meter.MeterProvider<Counter> tokens;

    RequestMeters(MeterRegistry registry) {
        requests = Counter.builder("proxy.requests")
                .description("Proxied requests by tier and outcome (ok, degraded = answered by a fallback, failed, "
                        + "abandoned = the client left), with the answering model, the error code and the front door "
                        + "(chat, responses, messages, embeddings; 'any' for a run of remembered refusals)")
                .withRegistry(registry);
        saw429 = Counter.builder("proxy.requests.saw429")
                .description("Requests during which some upstream answered 429").withRegistry(registry);
        requestDuration = Timer.builder("proxy.request.duration")
                .description("Time from receiving a request to its answer (for a stream: to its end)")
                .serviceLevelObjectives(REQUEST_BUCKETS).withRegistry(registry);
        attempts = Counter.builder("proxy.attempts")
                .description("Upstream attempts by model and outcome; skipped_* outcomes made no call")
                .withRegistry(registry);
        attemptDuration = Timer.builder("proxy.attempt.duration").description("Duration of upstream calls by model")
                .serviceLevelObjectives(ATTEMPT_BUCKETS).withRegistry(registry);
        retries = Counter.builder("proxy.retries")
                .description("Repeated calls to a model within one request (a fallback to another model is not a retry)")
                .withRegistry(registry);
        queueWait = Timer.builder("proxy.queue.wait").description("Time requests waited for an upstream slot")
                .serviceLevelObjectives(QUEUE_BUCKETS).register(registry);
        firstToken = Timer.builder("proxy.stream.first.token")
                .description("Time from a streamed request to its first relayed content")
                .serviceLevelObjectives(REQUEST_BUCKETS).register(registry);
        continuations = Counter.builder("proxy.stream.continuations")
                .description("Broken streams continued on another model").register(registry);
        malformedEvents = Counter.builder("proxy.stream.malformed.events")
                .description("Upstream stream events skipped because they were not valid JSON").register(registry);
        cost = Counter.builder("proxy.cost.usd").description("What the providers billed, in US dollars, by the model "
                + "of each billed attempt and the tier (from the allowlist's prices; free models count 0)")
                .withRegistry(registry);
        tokens = Counter.builder("proxy.tokens").description("Tokens of answered requests by the answering model and "
                + "kind (prompt or completion, reasoning included)").withRegistry(registry);
    }

    void record(RequestRecord r) {
        String tier = r.tier() != null ? r.tier() : NO_TIER;
        String outcome = outcome(r);
        requests.withTags("tier", tier, "outcome", outcome,
                "model", r.answeringModel() != null ? r.answeringModel() : NO_MODEL,
                "code", r.errorCode() != null ? r.errorCode() : "",
                "door", r.frontDoor() != null ? r.frontDoor().wireName() : "any").increment();
        requestDuration.withTags("tier", tier, "outcome", outcome).record(r.latencyMs(), TimeUnit.MILLISECONDS);
        if (r.saw429()) {
            saw429.withTags("tier", tier).increment();
        }
        if (r.queueWaitMs() != null) {
            queueWait.record(r.queueWaitMs(), TimeUnit.MILLISECONDS);
        }
        for (AttemptRecord a : r.attempts()) {
            if (a.costUsd() != null) {
                cost.withTags("model", a.model(), "tier", tier).increment(a.costUsd().doubleValue());
            }
        }
        if (r.answeringModel() != null) {
            if (r.promptTokens() != null) {
                tokens.withTags("model", r.answeringModel(), "kind", "prompt").increment(r.promptTokens());
            }
            if (r.completionTokens() != null) {
                tokens.withTags("model", r.answeringModel(), "kind", "completion").increment(r.completionTokens());
            }
        }
        Set<String> called = new HashSet<>();
        for (AttemptRecord a : r.attempts()) {
            attempts.withTags("model", a.model(), "outcome", a.outcome().name().toLowerCase(Locale.ROOT)).increment();
            if (a.outcome().skipped()) {
                continue;
            }
            if (!called.add(a.model())) {
                retries.withTags("model", a.model()).increment();
            }
            if (a.latency() != null) {
                attemptDuration.withTags("model", a.model()).record(a.latency());
            }
        }
        StreamStats s = r.streamStats();
        if (s != null) {
            if (s.firstTokenMs() != null) {
                firstToken.record(s.firstTokenMs(), TimeUnit.MILLISECONDS);
            }
            continuations.increment(s.continuations());
            malformedEvents.increment(s.malformed());
        }
    }

    static String outcome(RequestRecord r) {
        if (r.status() == 200) {
            return r.fallback() ? "degraded" : "ok";
        }
        return r.status() == RequestRecorder.CLIENT_CLOSED ? "abandoned" : "failed";
    }

    private static Duration[] seconds(double... values) {
        Duration[] out = new Duration[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = Duration.ofNanos(Math.round(values[i] * 1e9));
        }
        return out;
    }
}
