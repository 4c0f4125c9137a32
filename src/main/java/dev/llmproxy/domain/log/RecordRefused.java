package dev.llmproxy.domain.log;

/**
 * The store refused rows for what they hold (a value it cannot keep, a key it already has), not because it cannot be
 * reached: writing the same rows again cannot succeed.
 */
public final class RecordRefused extends RuntimeException {

    public RecordRefused(String message, Throwable cause) {
        super(message, cause);
    }
}
