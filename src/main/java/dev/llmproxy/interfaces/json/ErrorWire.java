package dev.llmproxy.interfaces.json;

import dev.llmproxy.application.proxy.AnswerCodes;
import dev.llmproxy.domain.failure.ErrorKind;
import jakarta.enterprise.context.ApplicationScoped;

import java.util.EnumMap;
import java.util.Map;

/**
 * The one table of how each error is said on the wire: HTTP status, OpenAI error type and code. The answers use it
 * (error bodies, statuses), and the request log through {@link AnswerCodes}, so both say the same.
 */
@ApplicationScoped
public class ErrorWire implements AnswerCodes {

    private record Wire(int status, String type, String code) {
    }

    private static final Map<ErrorKind, Wire> TABLE = new EnumMap<>(ErrorKind.class);

    static {
        put(ErrorKind.BAD_REQUEST, 400, "invalid_request_error", "invalid_request");
        put(ErrorKind.CONTEXT_LENGTH, 400, "invalid_request_error", "context_length_exceeded");
        put(ErrorKind.CONTENT_POLICY, 400, "invalid_request_error", "content_policy_violation");
        put(ErrorKind.UNAUTHORIZED, 401, "authentication_error", "unauthorized");
        put(ErrorKind.INVALID_API_KEY, 401, "authentication_error", "invalid_api_key");
        put(ErrorKind.COST_SAFETY, 403, "invalid_request_error", "cost_safety");
        put(ErrorKind.ORIGIN_NOT_ALLOWED, 403, "permission_error", "origin_not_allowed");
        put(ErrorKind.NOT_PERMITTED, 403, "permission_error", "not_permitted");
        put(ErrorKind.NOT_FOUND, 404, "invalid_request_error", "not_found");
        put(ErrorKind.METHOD_NOT_ALLOWED, 405, "invalid_request_error", "method_not_allowed");
        put(ErrorKind.REQUEST_TIMEOUT, 408, "invalid_request_error", "request_timeout");
        put(ErrorKind.PAYLOAD_TOO_LARGE, 413, "invalid_request_error", "payload_too_large");
        put(ErrorKind.PROMPT_TOO_LONG, 413, "invalid_request_error", "prompt_too_long");
        put(ErrorKind.UNSUPPORTED_MEDIA_TYPE, 415, "invalid_request_error", "unsupported_media_type");
        put(ErrorKind.KEY_IN_USE, 409, "invalid_request_error", "idempotency_key_in_use");
        put(ErrorKind.KEY_REUSED, 422, "invalid_request_error", "idempotency_key_reused");
        put(ErrorKind.RATE_LIMITED, 429, "rate_limit_error", "rate_limited");
        put(ErrorKind.UPSTREAM_RATE_LIMITED, 429, "rate_limit_error", "upstream_rate_limited");
        put(ErrorKind.BUDGET_EXCEEDED, 429, "rate_limit_error", "budget_exceeded");
        put(ErrorKind.INTERNAL, 500, "api_error", "internal_error");
        put(ErrorKind.UPSTREAM_FAILED, 502, "api_error", "upstream_error");
        put(ErrorKind.STREAM_INTERRUPTED, 502, "api_error", "stream_interrupted");
        put(ErrorKind.UNAVAILABLE, 503, "api_error", "unavailable");
        put(ErrorKind.MISCONFIGURED, 503, "api_error", "proxy_misconfigured");
        put(ErrorKind.TIMEOUT, 504, "api_error", "timeout");
    }

    private static void put(ErrorKind kind, int status, String type, String code) {
        TABLE.put(kind, new Wire(status, type, code));
    }

    public static int statusOf(ErrorKind kind) {
        return TABLE.get(kind).status();
    }

    public static String typeOf(ErrorKind kind) {
        return TABLE.get(kind).type();
    }

    public static String codeOf(ErrorKind kind) {
        return TABLE.get(kind).code();
    }

    @Override
    public int status(ErrorKind kind) {
        return statusOf(kind);
    }

    @Override
    public String code(ErrorKind kind) {
        return codeOf(kind);
    }
}
