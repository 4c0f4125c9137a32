package dev.llmproxy.application.telemetry;

import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.log.RequestRecord;
import dev.llmproxy.domain.routing.RunTrace;

import java.time.Instant;

/**
 * A request's trace, from its arrival to its request-log row: opened when it arrives (inside the caller's trace when
 * it names one), told of each call its run makes, closed with what the row says. Never throws: tracing must not cost
 * a request its answer.
 */
public interface RequestTracing {

    /** No tracing at all. */
    RequestTracing OFF = new RequestTracing() {
        @Override
        public void started(String requestId, FrontDoor door, String traceparent, String tracestate,
                            Instant receivedAt) {
        }

        @Override
        public RunTrace run(String requestId) {
            return RunTrace.NONE;
        }

        @Override
        public void ended(RequestRecord record) {
        }
    };

    /** A request arrived through that door; {@code traceparent} and {@code tracestate} as the caller sent them. */
    void started(String requestId, FrontDoor door, String traceparent, String tracestate, Instant receivedAt);

    /** The trace the run of that request reports to ({@link RunTrace#NONE} when it is not traced). */
    RunTrace run(String requestId);

    /** The request ended as its row says. */
    void ended(RequestRecord record);
}
