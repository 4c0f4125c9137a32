package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ErrorKind;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.interfaces.json.ErrorWire;
import dev.llmproxy.interfaces.json.JsonResponses;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Errors as Anthropic says them: {@code {"type":"error","error":{"type","message"},"request_id"}}, with the status
 * the proxy answers on every front door, except that a chain with no model able to take the request now (every
 * circuit open or cooling down, the queue full) is Anthropic's 529 {@code overloaded_error}, which its clients retry.
 */
final class MessagesErrors {

    static final int OVERLOADED = 529;

    private MessagesErrors() {
    }

    static int status(ErrorKind kind) {
        return kind == ErrorKind.UNAVAILABLE ? OVERLOADED : ErrorWire.statusOf(kind);
    }

    static String type(ErrorKind kind) {
        int status = status(kind);
        return switch (status) {
            case 401 -> "authentication_error";
            case 403 -> "permission_error";
            case 404 -> "not_found_error";
            case 413 -> "request_too_large";
            case 429 -> "rate_limit_error";
            case OVERLOADED -> "overloaded_error";
            default -> status < 500 ? "invalid_request_error" : "api_error";
        };
    }

    static JsonObject body(ProxyError error, String requestId) {
        JsonObjectBuilder body = JsonCodec.object().add("type", "error").add("error", JsonCodec.object()
                .add("type", type(error.kind())).add("message", error.message()));
        if (requestId != null) {
            body.add("request_id", requestId);
        }
        return body.build();
    }

    /** Sets the error's status and headers; returns its body. */
    static byte[] prepare(HttpServletResponse res, ProxyError error, String requestId) {
        if (error.retryAfter() != null) {
            res.setHeader("Retry-After", Long.toString(JsonResponses.retryAfterSeconds(error.retryAfter())));
        }
        return JsonResponses.prepare(res, status(error.kind()), JsonCodec.write(body(error, requestId)));
    }
}
