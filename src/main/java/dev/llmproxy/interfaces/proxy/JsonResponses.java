package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.routing.ProxyError;
import dev.llmproxy.interfaces.json.ErrorBodies;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonWriter;
import jakarta.json.JsonWriterFactory;
import jakarta.servlet.http.HttpServletResponse;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Map;

/** Writes JSON bodies and OpenAI-shaped errors from servlets. */
final class JsonResponses {

    private static final JsonWriterFactory WRITERS = Json.createWriterFactory(Map.of());

    private JsonResponses() {
    }

    static void error(HttpServletResponse res, ProxyError error) throws IOException {
        if (error.retryAfter() != null) {
            res.setHeader("Retry-After", Long.toString(Math.max(1, error.retryAfter().toSeconds())));
        }
        write(res, error.kind().httpStatus(), ErrorBodies.of(error));
    }

    static void write(HttpServletResponse res, int status, JsonObject body) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream(256);
        try (JsonWriter w = WRITERS.createWriter(out)) {
            w.writeObject(body);
        }
        write(res, status, out.toByteArray());
    }

    static void write(HttpServletResponse res, int status, byte[] body) throws IOException {
        res.setStatus(status);
        res.setContentType("application/json");
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
    }
}
