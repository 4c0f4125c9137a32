package dev.llmproxy.domain.failure;


/**
 * What went wrong, as the proxy tells its callers: every error it answers with, in its own terms. How each is said
 * on the wire (HTTP status, OpenAI error type and code) is the edge's business ({@code interfaces/json/ErrorWire}).
 */
public enum ErrorKind {
    BAD_REQUEST,
    CONTEXT_LENGTH,
    CONTENT_POLICY,
    UNAUTHORIZED,
    /** A bearer key that is unknown, malformed or revoked. */
    INVALID_API_KEY,
    COST_SAFETY,
    ORIGIN_NOT_ALLOWED,
    /** The caller's key does not allow this tier or scope. */
    NOT_PERMITTED,
    NOT_FOUND,
    METHOD_NOT_ALLOWED,
    /** The request body did not arrive whole in time. */
    REQUEST_TIMEOUT,
    PAYLOAD_TOO_LARGE,
    PROMPT_TOO_LONG,
    UNSUPPORTED_MEDIA_TYPE,
    /** An earlier request with the same idempotency key is still running. */
    KEY_IN_USE,
    /** The idempotency key was used for another request (another body, API or scope). */
    KEY_REUSED,
    /** The proxy's own limits (flood bound, key cap, scope bucket). */
    RATE_LIMITED,
    UPSTREAM_RATE_LIMITED,
    /** A spend budget has no room for the request's worst case; it was not called. */
    BUDGET_EXCEEDED,
    INTERNAL,
    UPSTREAM_FAILED,
    /** Sent in-band: a streamed answer broke off and no model could continue it. */
    STREAM_INTERRUPTED,
    UNAVAILABLE,
    /** The deployment is missing something it must have to serve safely (production without PROXY_IP_SALT). */
    MISCONFIGURED,
    TIMEOUT
}
