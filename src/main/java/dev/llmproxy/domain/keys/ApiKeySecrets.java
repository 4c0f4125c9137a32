package dev.llmproxy.domain.keys;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The shape of a caller key, {@code llmp_<id>_<secret>}, and its hash. Keys carry 190 random bits, so a fast hash
 * is as good as a slow one here (unlike passwords) and keeps the check cheap on every request.
 */
public final class ApiKeySecrets {

    private static final String ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    private static final Pattern SHAPE = Pattern.compile("llmp_([A-Za-z0-9]{12})_([A-Za-z0-9]{32})");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeySecrets() {
    }

    /** A new key's id and full text. */
    public record NewKey(String id, String key) {
    }

    public static NewKey generate() {
        String id = random(12);
        return new NewKey(id, "llmp_" + id + "_" + random(32));
    }

    /** The id inside a presented key, or empty when it is not shaped like one of ours. */
    public static Optional<String> idOf(String presented) {
        Matcher m = SHAPE.matcher(presented == null ? "" : presented);
        return m.matches() ? Optional.of(m.group(1)) : Optional.empty();
    }

    public static String hash(String key) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256")
                    .digest(key.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Constant-time comparison of a presented key with a stored hash. */
    public static boolean matches(String presented, String storedHash) {
        return MessageDigest.isEqual(hash(presented).getBytes(StandardCharsets.US_ASCII),
                storedHash.getBytes(StandardCharsets.US_ASCII));
    }

    private static String random(int length) {
        StringBuilder sb = new StringBuilder(length);
        for (int i = 0; i < length; i++) {
            sb.append(ALPHABET.charAt(RANDOM.nextInt(ALPHABET.length())));
        }
        return sb.toString();
    }
}
