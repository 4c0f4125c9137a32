package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.log.RequestLog;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/** The request log's writer: its backlog, and the records it could not keep as they were. */
@ApplicationScoped
public class RequestLogMeters implements MechanismMeters {

    private final RequestLog requestLog;

    @Inject
    RequestLogMeters(RequestLog requestLog) {
        this.requestLog = requestLog;
    }

    /** For the container's client proxy. */
    protected RequestLogMeters() {
        this(null);
    }

    @Override
    public void bindTo(MeterRegistry registry) {
        Gauge.builder("proxy.request.log.backlog", requestLog, RequestLog::pending).strongReference(true)
                .description("Request log records waiting to be written").register(registry);
        FunctionCounter.builder("proxy.request.log.dropped", requestLog, RequestLog::dropped)
                .description("Request log records dropped because the writer fell too far behind").register(registry);
        FunctionCounter.builder("proxy.request.log.reduced", requestLog, RequestLog::reduced)
                .description("Request log records the database refused as they were, kept without their free text")
                .register(registry);
        FunctionCounter.builder("proxy.request.log.refused", requestLog, RequestLog::refused)
                .description("Request log records the database refused for what they held: not in the log")
                .register(registry);
        FunctionCounter.builder("proxy.request.log.withheld", requestLog, RequestLog::withheld)
                .description("Answers withheld (503) because their request-log row was not committed in time (sync)")
                .register(registry);
    }
}
