package dev.llmproxy.domain.access;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HexFormat;

/**
 * HMAC-SHA256 of a client address under a secret salt: the only form in which an address is stored or
 * logged. A public salt over the IPv4 space is no hashing at all, so the salt is a deploy-time secret.
 */
public final class ClientHasher {

    /** Hex characters kept: 128 bits, plenty to keep clients apart. */
    private static final int LENGTH = 32;

    private final ThreadLocal<Mac> macs;

    public ClientHasher(String salt) {
        if (salt == null || salt.isEmpty()) {
            throw new IllegalArgumentException("salt must not be empty");
        }
        SecretKeySpec key = new SecretKeySpec(salt.getBytes(StandardCharsets.UTF_8), "HmacSHA256");
        macs = ThreadLocal.withInitial(() -> {
            try {
                Mac mac = Mac.getInstance("HmacSHA256");
                mac.init(key);
                return mac;
            } catch (GeneralSecurityException e) {
                throw new IllegalStateException("HmacSHA256 is not available", e);
            }
        });
    }

    public String hash(String address) {
        byte[] digest = macs.get().doFinal(address.getBytes(StandardCharsets.UTF_8));
        return HexFormat.of().formatHex(digest).substring(0, LENGTH);
    }
}
