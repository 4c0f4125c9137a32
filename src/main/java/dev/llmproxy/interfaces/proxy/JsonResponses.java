package dev.llmproxy.interfaces.proxy;

import dev.llmproxy.domain.routing.ProxyError;
import dev.llmproxy.interfaces.json.ErrorBodies;
import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Writes JSON bodies and OpenAI-shaped errors from servlets. */
final class JsonResponses {

    private JsonResponses() {
    }

    static void error(HttpServletResponse res, ProxyError error) throws IOException {
        if (error.retryAfter() != null) {
            res.setHeader("Retry-After", Long.toString(Math.max(1, error.retryAfter().toSeconds())));
        }
        write(res, error.kind().httpStatus(), ErrorBodies.of(error));
    }

    static void write(HttpServletResponse res, int status, JsonObject body) throws IOException {
        write(res, status, JsonCodec.write(body));
    }

    static void write(HttpServletResponse res, int status, byte[] body) throws IOException {
        res.setStatus(status);
        res.setContentType("application/json");
        res.setContentLength(body.length);
        res.getOutputStream().write(body);
    }
}
