package dev.llmproxy.interfaces.json;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ProxyError;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletResponse;

import java.io.IOException;

/** Writes JSON bodies and OpenAI-shaped errors from servlets and filters. */
public final class JsonResponses {

    private JsonResponses() {
    }

    public static void error(HttpServletResponse res, ProxyError error) throws IOException {
        res.getOutputStream().write(prepareError(res, error));
    }

    /** Sets an error's status and headers; returns the body, for the caller to write (blocking or not). */
    public static byte[] prepareError(HttpServletResponse res, ProxyError error) {
        if (error.retryAfter() != null) {
            res.setHeader("Retry-After", Long.toString(retryAfterSeconds(error.retryAfter())));
        }
        byte[] body = JsonCodec.write(ErrorBodies.of(error));
        prepare(res, ErrorWire.statusOf(error.kind()), body.length);
        return body;
    }

    public static void write(HttpServletResponse res, int status, JsonObject body) throws IOException {
        write(res, status, JsonCodec.write(body));
    }

    public static void write(HttpServletResponse res, int status, byte[] body) throws IOException {
        res.getOutputStream().write(prepare(res, status, body));
    }

    /** Sets the status and headers of a JSON body; returns the body, for the caller to write (blocking or not). */
    public static byte[] prepare(HttpServletResponse res, int status, byte[] body) {
        prepare(res, status, body.length);
        return body;
    }

    private static void prepare(HttpServletResponse res, int status, int length) {
        res.setStatus(status);
        res.setContentType("application/json");
        res.setContentLength(length);
    }

    /** A wait in whole seconds for {@code Retry-After}: rounded up, so a client that waits that long finds room. */
    public static long retryAfterSeconds(java.time.Duration wait) {
        return Math.max(1, (wait.toMillis() + 999) / 1000);
    }
}
