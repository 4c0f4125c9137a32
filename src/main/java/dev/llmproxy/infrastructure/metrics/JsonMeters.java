package dev.llmproxy.infrastructure.metrics;

import dev.llmproxy.application.json.JsonCodec;
import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * JSON texts parsed and written by the proxy: per request, one parse and one write at each end of each hop is the
 * design (bench/hops.sh divides these by the requests and stream events it sent).
 */
@ApplicationScoped
public class JsonMeters implements MechanismMeters {

    @Override
    public void bindTo(MeterRegistry registry) {
        FunctionCounter.builder("proxy.json.parsed", JsonCodec.class, c -> JsonCodec.parsed())
                .description("JSON texts parsed: requests, answers, stream events, stored rows").register(registry);
        FunctionCounter.builder("proxy.json.written", JsonCodec.class, c -> JsonCodec.written())
                .description("JSON texts written: requests, answers, stream events, stored rows").register(registry);
    }
}
