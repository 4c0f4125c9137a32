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
        res.getOutputStream().write(prepareError(res, error));
    }

    /** Sets an error's status and headers; returns the body, for the caller to write (blocking or not). */
    static byte[] prepareError(HttpServletResponse res, ProxyError error) {
        if (error.retryAfter() != null) {
            // rounded up: a client that waits exactly this long must find room
            res.setHeader("Retry-After", Long.toString(Math.max(1, (error.retryAfter().toMillis() + 999) / 1000)));
        }
        byte[] body = JsonCodec.write(ErrorBodies.of(error));
        prepare(res, error.kind().httpStatus(), body.length);
        return body;
    }

    static void write(HttpServletResponse res, int status, JsonObject body) throws IOException {
        write(res, status, JsonCodec.write(body));
    }

    static void write(HttpServletResponse res, int status, byte[] body) throws IOException {
        res.getOutputStream().write(prepare(res, status, body));
    }

    /** Sets the status and headers of a JSON body; returns the body, for the caller to write (blocking or not). */
    static byte[] prepare(HttpServletResponse res, int status, byte[] body) {
        prepare(res, status, body.length);
        return body;
    }

    private static void prepare(HttpServletResponse res, int status, int length) {
        res.setStatus(status);
        res.setContentType("application/json");
        res.setContentLength(length);
    }
}
