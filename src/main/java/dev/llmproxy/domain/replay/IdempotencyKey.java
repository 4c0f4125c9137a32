package dev.llmproxy.domain.replay;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * A caller's {@code Idempotency-Key} for one request: the key as sent, whose it is (a caller's keys are its own) and a
 * fingerprint of what was asked (the API, the path's scope and the body's bytes), so that the same key with another
 * request can be told apart from a retry.
 *
 * @param owner       whose key it is: an API key, else an anonymous client's hash
 * @param key         as the caller sent it
 * @param fingerprint SHA-256 of the request, in hex
 */
public record IdempotencyKey(String owner, String key, String fingerprint) {

    /** The longest key kept: a UUID is 36 characters; room for a caller's own scheme. */
    public static final int MAX_LENGTH = 255;

    /**
     * Why {@code key} cannot be an idempotency key, if it cannot: it must be 1 to {@link #MAX_LENGTH} printable ASCII
     * characters.
     */
    public static Optional<String> problem(String key) {
        if (key.isEmpty() || key.length() > MAX_LENGTH) {
            return Optional.of("Idempotency-Key must have 1 to " + MAX_LENGTH + " characters.");
        }
        for (int i = 0; i < key.length(); i++) {
            char c = key.charAt(i);
            if (c < 0x20 || c > 0x7e) {
                return Optional.of("Idempotency-Key must be printable ASCII.");
            }
        }
        return Optional.empty();
    }

    /**
     * The key of a request: {@code what} names the API and its scope, {@code body} is the body as it arrived.
     *
     * @throws IllegalArgumentException when {@link #problem} finds one
     */
    public static IdempotencyKey of(String owner, String key, String what, byte[] body) {
        problem(key).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(what.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return new IdempotencyKey(owner, key, HexFormat.of().formatHex(sha.digest(body)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
