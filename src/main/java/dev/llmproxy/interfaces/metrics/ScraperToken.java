package dev.llmproxy.interfaces.metrics;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/** The token a scraper must send for {@code /metrics} ({@code PROXY_METRICS_TOKEN}); none: every scraper is let in. */
final class ScraperToken {

    private final byte[] token;

    /** @param token the token, or null (or blank) for none */
    ScraperToken(String token) {
        this.token = token == null || token.isBlank() ? null : token.getBytes(StandardCharsets.UTF_8);
    }

    boolean required() {
        return token != null;
    }

    /** Whether a request with this {@code Authorization} header may read the metrics; compared in constant time. */
    boolean admits(String authorization) {
        if (token == null) {
            return true;
        }
        if (authorization == null || !authorization.regionMatches(true, 0, "Bearer ", 0, 7)) {
            return false;
        }
        return MessageDigest.isEqual(authorization.substring(7).trim().getBytes(StandardCharsets.UTF_8), token);
    }
}
