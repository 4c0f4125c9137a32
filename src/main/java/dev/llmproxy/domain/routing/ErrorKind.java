package dev.llmproxy.domain.routing;

/** Every error the proxy answers with, and its HTTP status and OpenAI-style type and code. */
public enum ErrorKind {
    BAD_REQUEST(400, "invalid_request_error", "invalid_request"),
    CONTEXT_LENGTH(400, "invalid_request_error", "context_length_exceeded"),
    CONTENT_POLICY(400, "invalid_request_error", "content_policy_violation"),
    UNAUTHORIZED(401, "authentication_error", "unauthorized"),
    /** A bearer key that is unknown, malformed or revoked. */
    INVALID_API_KEY(401, "authentication_error", "invalid_api_key"),
    COST_SAFETY(403, "invalid_request_error", "cost_safety"),
    ORIGIN_NOT_ALLOWED(403, "permission_error", "origin_not_allowed"),
    /** The caller's key does not allow this tier or scope. */
    NOT_PERMITTED(403, "permission_error", "not_permitted"),
    NOT_FOUND(404, "invalid_request_error", "not_found"),
    METHOD_NOT_ALLOWED(405, "invalid_request_error", "method_not_allowed"),
    /** The request body did not arrive whole in time. */
    REQUEST_TIMEOUT(408, "invalid_request_error", "request_timeout"),
    PAYLOAD_TOO_LARGE(413, "invalid_request_error", "payload_too_large"),
    PROMPT_TOO_LONG(413, "invalid_request_error", "prompt_too_long"),
    UNSUPPORTED_MEDIA_TYPE(415, "invalid_request_error", "unsupported_media_type"),
    /** The proxy's own limits (flood bound, key cap, scope bucket). */
    RATE_LIMITED(429, "rate_limit_error", "rate_limited"),
    UPSTREAM_RATE_LIMITED(429, "rate_limit_error", "upstream_rate_limited"),
    INTERNAL(500, "api_error", "internal_error"),
    UPSTREAM_FAILED(502, "api_error", "upstream_error"),
    /** Sent in-band: a streamed answer broke off and no model could continue it. */
    STREAM_INTERRUPTED(502, "api_error", "stream_interrupted"),
    UNAVAILABLE(503, "api_error", "unavailable"),
    /** The deployment is missing something it must have to serve safely (production without PROXY_IP_SALT). */
    MISCONFIGURED(503, "api_error", "proxy_misconfigured"),
    TIMEOUT(504, "api_error", "timeout");

    private final int httpStatus;
    private final String type;
    private final String code;

    ErrorKind(int httpStatus, String type, String code) {
        this.httpStatus = httpStatus;
        this.type = type;
        this.code = code;
    }

    public int httpStatus() { return httpStatus; }
    public String type() { return type; }
    public String code() { return code; }
}
