package dev.llmproxy.domain.routing;

/** Every error the proxy answers with, and its HTTP status and OpenAI-style type and code. */
public enum ErrorKind {
    BAD_REQUEST(400, "invalid_request_error", "invalid_request"),
    CONTEXT_LENGTH(400, "invalid_request_error", "context_length_exceeded"),
    CONTENT_POLICY(400, "invalid_request_error", "content_policy_violation"),
    UNAUTHORIZED(401, "authentication_error", "unauthorized"),
    COST_SAFETY(403, "invalid_request_error", "cost_safety"),
    NOT_FOUND(404, "invalid_request_error", "not_found"),
    METHOD_NOT_ALLOWED(405, "invalid_request_error", "method_not_allowed"),
    PAYLOAD_TOO_LARGE(413, "invalid_request_error", "payload_too_large"),
    UNSUPPORTED_MEDIA_TYPE(415, "invalid_request_error", "unsupported_media_type"),
    UPSTREAM_RATE_LIMITED(429, "rate_limit_error", "upstream_rate_limited"),
    INTERNAL(500, "api_error", "internal_error"),
    UPSTREAM_FAILED(502, "api_error", "upstream_error"),
    /** Sent in-band: a streamed answer broke off and no model could continue it. */
    STREAM_INTERRUPTED(502, "api_error", "stream_interrupted"),
    UNAVAILABLE(503, "api_error", "unavailable"),
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
