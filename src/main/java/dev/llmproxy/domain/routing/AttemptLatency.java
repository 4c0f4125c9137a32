package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.failure.Outcome;
import dev.llmproxy.domain.latency.LatencyKind;
import dev.llmproxy.domain.latency.ModelLatencies;
import dev.llmproxy.domain.streaming.UpstreamEvents;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Measures one attempt for its model's latency window: the time to its first event (streams) and to its whole
 * answer. Only what says how long the model takes to answer is kept: a complete answer, or a timeout as a lower
 * bound (a model that keeps timing out is slow). A failure says nothing of it, nor does a continuation, which
 * starts from an answer half written.
 */
final class AttemptLatency {

    private final ModelLatencies latencies;
    private final Clock clock;
    private final String model;
    private final Instant started;
    private volatile boolean firstEventSeen;

    AttemptLatency(ModelLatencies latencies, Clock clock, String model, Instant started) {
        this.latencies = latencies;
        this.clock = clock;
        this.model = model;
        this.started = started;
    }

    /** {@code events}, noting when the first one arrives. Events of one attempt come one at a time. */
    UpstreamEvents around(UpstreamEvents events) {
        return (event, valve) -> {
            if (!firstEventSeen) {
                firstEventSeen = true;
                latencies.record(model, LatencyKind.FIRST_TOKEN, Duration.between(started, clock.instant()));
            }
            events.onEvent(event, valve);
        };
    }

    /** @param stream whether the attempt streamed (a timeout before its first event is a lower bound of that too) */
    void ended(Outcome outcome, boolean stream, Duration took) {
        boolean complete = outcome == Outcome.SUCCESS || outcome.truncated();
        if (complete || outcome == Outcome.TIMEOUT) {
            latencies.record(model, LatencyKind.TOTAL, took);
        }
        if (stream && outcome == Outcome.TIMEOUT && !firstEventSeen) {
            latencies.record(model, LatencyKind.FIRST_TOKEN, took);
        }
    }
}
