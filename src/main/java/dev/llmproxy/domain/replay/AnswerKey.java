package dev.llmproxy.domain.replay;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.Optional;

/**
 * What an answer is kept under: whose it is (a caller's answers are its own), a key, and a fingerprint of what was
 * asked (the API, the path and the body's bytes). For an {@code Idempotency-Key}, the key is the caller's and the
 * fingerprint tells a retry from another request with the key; for a tier that gives answers again, the key is the
 * fingerprint itself.
 *
 * @param owner       whose answer it is: an API key, else an anonymous client's hash
 * @param key         as the caller sent it, or the fingerprint
 * @param fingerprint SHA-256 of the request, in hex
 */
public record AnswerKey(String owner, String key, String fingerprint) {

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
     * A request's {@code Idempotency-Key}: {@code what} names the API and its path, {@code body} is the body as it
     * arrived.
     *
     * @throws IllegalArgumentException when {@link #problem} finds one
     */
    public static AnswerKey idempotent(String owner, String key, String what, byte[] body) {
        problem(key).ifPresent(p -> {
            throw new IllegalArgumentException(p);
        });
        return new AnswerKey(owner, key, fingerprint(what, body));
    }

    /**
     * The key of a deterministic request's answer, for its tier to give again: kept apart from the owner's
     * idempotency keys (under another owner name), so that no key a caller sends can reach it.
     */
    public static AnswerKey sameRequest(String owner, String what, byte[] body) {
        String fingerprint = fingerprint(what, body);
        return new AnswerKey("answers/" + owner, fingerprint, fingerprint);
    }

    private static String fingerprint(String what, byte[] body) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update(what.getBytes(StandardCharsets.UTF_8));
            sha.update((byte) 0);
            return HexFormat.of().formatHex(sha.digest(body));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every Java platform has SHA-256", e);
        }
    }
}
