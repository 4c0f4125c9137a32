package dev.llmproxy.testing;

import com.sun.net.httpserver.HttpServer;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.Span;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * An OTLP/HTTP receiver, as a collector is one: it takes {@code POST /v1/traces} (protobuf) and keeps the spans, read
 * back by the tests in their own terms.
 */
public final class OtlpReceiver implements AutoCloseable {

    /** A span as received: ids in hex, string attributes by name. */
    /** @param links the span ids the span links to */
    public record Received(String traceId, String spanId, String parentSpanId, String name, int kind,
                           Map<String, String> attributes, List<String> events, List<String> links) {
    }

    private final HttpServer server;
    private final List<Received> spans = new CopyOnWriteArrayList<>();

    private OtlpReceiver(int port) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        server.createContext("/v1/traces", exchange -> {
            try (InputStream in = exchange.getRequestBody()) {
                ExportTraceServiceRequest request = ExportTraceServiceRequest.parseFrom(in.readAllBytes());
                request.getResourceSpansList().forEach(rs -> rs.getScopeSpansList().forEach(ss ->
                        ss.getSpansList().forEach(s -> spans.add(received(s)))));
                exchange.getResponseHeaders().add("Content-Type", "application/x-protobuf");
                exchange.sendResponseHeaders(200, 0);
            } catch (IOException | RuntimeException e) {
                exchange.sendResponseHeaders(400, -1);
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    public static OtlpReceiver start(int port) throws IOException {
        return new OtlpReceiver(port);
    }

    public String endpoint() {
        return "http://127.0.0.1:" + server.getAddress().getPort();
    }

    public List<Received> spans() {
        return List.copyOf(spans);
    }

    /** The spans of one trace. */
    public List<Received> trace(String traceId) {
        return spans.stream().filter(s -> s.traceId().equals(traceId)).toList();
    }

    private static Received received(Span s) {
        HexFormat hex = HexFormat.of();
        Map<String, String> attributes = s.getAttributesList().stream().collect(Collectors.toMap(KeyValue::getKey,
                kv -> kv.getValue().hasStringValue() ? kv.getValue().getStringValue()
                        : kv.getValue().hasIntValue() ? Long.toString(kv.getValue().getIntValue())
                        : kv.getValue().hasBoolValue() ? Boolean.toString(kv.getValue().getBoolValue())
                        : kv.getValue().toString().strip(), (a, b) -> b));
        return new Received(hex.formatHex(s.getTraceId().toByteArray()), hex.formatHex(s.getSpanId().toByteArray()),
                hex.formatHex(s.getParentSpanId().toByteArray()), s.getName(), s.getKindValue(), attributes,
                s.getEventsList().stream().map(Span.Event::getName).toList(),
                s.getLinksList().stream().map(l -> hex.formatHex(l.getSpanId().toByteArray())).toList());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
