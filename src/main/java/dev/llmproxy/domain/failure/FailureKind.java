package dev.llmproxy.domain.failure;


/** An attempt that produced no usable HTTP status. */
public enum FailureKind {
    /** Connection refused or unreachable. */
    CONNECT,
    /** Connection reset or closed before response headers. */
    RESET,
    /** No complete answer within the attempt timeout. */
    TIMEOUT,
    /** A 2xx whose body was cut short or was not a valid completion. */
    MALFORMED
}
