package dev.llmproxy.infrastructure.telemetry;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.autoconfigure.AutoConfiguredOpenTelemetrySdk;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The OpenTelemetry SDK as the standard {@code OTEL_*} environment variables (or the {@code otel.*} system
 * properties) configure it, when they ask for traces at all: an OTLP endpoint or a traces exporter named, and the SDK
 * not disabled. Only traces: metrics stay with the proxy's Prometheus endpoint, logs with the server's.
 */
final class TelemetrySdk implements AutoCloseable {

    private static final Logger LOG = Logger.getLogger(TelemetrySdk.class.getName());
    /** The WAR carries the OTLP exporter over HTTP (protobuf), not gRPC. */
    private static final Map<String, String> DEFAULTS = Map.of("otel.service.name", "llm-proxy",
            "otel.metrics.exporter", "none", "otel.logs.exporter", "none",
            "otel.exporter.otlp.protocol", "http/protobuf");

    private static final Duration FLUSH_ON_STOP = Duration.ofSeconds(2);

    private final OpenTelemetrySdk sdk;

    private TelemetrySdk(OpenTelemetrySdk sdk) {
        this.sdk = sdk;
    }

    /** The SDK, or null when nothing asks for traces. */
    static TelemetrySdk fromEnvironment() {
        Function<String, String> setting = name -> {
            String property = System.getProperty(name.toLowerCase(java.util.Locale.ROOT).replace('_', '.'));
            return property != null ? property : System.getenv(name);
        };
        if (!wanted(setting)) {
            return null;
        }
        OpenTelemetrySdk sdk = AutoConfiguredOpenTelemetrySdk.builder().addPropertiesSupplier(() -> DEFAULTS)
                .disableShutdownHook().build().getOpenTelemetrySdk();
        LOG.info("Tracing requests over OpenTelemetry, as the OTEL_* variables configure it");
        return new TelemetrySdk(sdk);
    }

    /** Whether the variables ask for traces. */
    static boolean wanted(Function<String, String> setting) {
        if ("true".equalsIgnoreCase(setting.apply("OTEL_SDK_DISABLED"))) {
            return false;
        }
        String exporter = setting.apply("OTEL_TRACES_EXPORTER");
        if (exporter != null && !exporter.isBlank()) {
            return !exporter.strip().equals("none");
        }
        return present(setting.apply("OTEL_EXPORTER_OTLP_ENDPOINT"))
                || present(setting.apply("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT"));
    }

    Tracer tracer() {
        return sdk.getTracer("llm-proxy");
    }

    /**
     * Flushes what is pending for at most {@link #FLUSH_ON_STOP}: a collector that does not answer must not hold up
     * the server's stop (the SDK's own close waits 10 s). Spans not out by then are dropped; the request log keeps
     * every request anyway.
     */
    @Override
    public void close() {
        sdk.shutdown().join(FLUSH_ON_STOP.toMillis(), TimeUnit.MILLISECONDS);
    }

    private static boolean present(String value) {
        return value != null && !value.isBlank();
    }
}
