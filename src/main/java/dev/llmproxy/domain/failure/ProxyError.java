package dev.llmproxy.domain.failure;

import java.time.Duration;
import java.util.Objects;

/**
 * An error as the client sees it.
 *
 * @param message    safe for clients: never a provider's body
 * @param param      the request field at fault, or null
 * @param retryAfter when the client may try again, or null
 */
public record ProxyError(ErrorKind kind, String message, String param, Duration retryAfter) {

    /** The proxy's own failure: what a client is told, whatever was thrown (the log has the details). */
    public static final ProxyError INTERNAL = of(ErrorKind.INTERNAL, "The proxy failed to handle this request.");

    public ProxyError {
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(message, "message");
    }

    public static ProxyError of(ErrorKind kind, String message) {
        return new ProxyError(kind, message, null, null);
    }

    public static ProxyError badField(String param, String message) {
        return new ProxyError(ErrorKind.BAD_REQUEST, message, param, null);
    }
}
