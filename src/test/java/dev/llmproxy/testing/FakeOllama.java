package dev.llmproxy.testing;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/**
 * A local Ollama as the proxy sees one: {@code GET /api/version}, {@code GET /api/tags} listing the models it
 * holds, and its OpenAI-compatible {@code POST /v1/chat/completions}, answered by the model asked for.
 */
public final class FakeOllama implements AutoCloseable {

    private final HttpServer server;
    private final java.util.concurrent.atomic.AtomicBoolean closed = new java.util.concurrent.atomic.AtomicBoolean();

    /** @param models the models it holds, by their Ollama names (e.g. {@code llama3.2:latest}) */
    public FakeOllama(int port, String... models) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 50);
        server.createContext("/api/version", e -> JsonAnswer.send(e, 200, "{\"version\":\"0.5.1\"}"));
        StringBuilder tags = new StringBuilder("{\"models\":[");
        for (int i = 0; i < models.length; i++) {
            tags.append(i == 0 ? "" : ",").append("{\"name\":\"").append(models[i]).append("\",\"model\":\"")
                    .append(models[i]).append("\",\"size\":2019393189,\"details\":{\"format\":\"gguf\"}}");
        }
        String list = tags.append("]}").toString();
        server.createContext("/api/tags", e -> JsonAnswer.send(e, 200, list));
        server.createContext("/v1/chat/completions", e -> {
            String body = new String(e.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            java.util.regex.Matcher m = java.util.regex.Pattern.compile("\"model\"\\s*:\\s*\"([^\"]+)\"").matcher(body);
            String model = m.find() ? m.group(1) : "unknown";
            JsonAnswer.send(e, 200, OpenAiBodies.completion(model, "local answer from " + model, "stop"));
        });
        server.start();
    }


    @Override
    public void close() {
        if (closed.compareAndSet(false, true)) {
            server.stop(0);
        }
    }
}
