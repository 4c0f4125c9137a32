package dev.llmproxy.domain.failure;


/** An attempt that produced no usable HTTP status. */
public enum FailureKind {
    /** Connection refused or unreachable. */
    CONNECT,
    /** Connection reset or closed before response headers. */
    RESET,
    /** A stream with no first token within its limit: the model did not start, which says it is unwell. */
    TIMEOUT,
    /**
     * A plain call with no complete answer within the attempt timeout. It may be the long answer a caller asked for,
     * so it says nothing of the model's health: one caller's slow requests must not open a breaker for everyone.
     */
    ANSWER_TIMEOUT,
    /** A 2xx whose body was cut short or was not a valid completion. */
    MALFORMED,
    /**
     * No call was made: the provider's credential could not be had (a secret not set, a token endpoint that refused
     * or could not be reached). The operator's to fix, never the model's health.
     */
    NO_CREDENTIAL
}
