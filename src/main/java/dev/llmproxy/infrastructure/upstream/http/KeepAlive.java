package dev.llmproxy.infrastructure.upstream.http;

import java.util.Locale;

/** The {@code Keep-Alive} response header: how long the upstream keeps an idle connection open. */
final class KeepAlive {

    /** Given up this long before the upstream's own timeout, so that a request never races its close. */
    static final long MARGIN_NANOS = 500_000_000L;

    private KeepAlive() {
    }

    /** @return the {@code timeout=N} parameter, or -1 when absent or not a number */
    static int timeoutSeconds(String header) {
        if (header == null) {
            return -1;
        }
        for (String part : header.split(",")) {
            String p = part.trim().toLowerCase(Locale.ROOT);
            if (p.startsWith("timeout=")) {
                try {
                    int seconds = Integer.parseInt(p.substring("timeout=".length()).trim());
                    return seconds >= 0 ? seconds : -1;
                } catch (NumberFormatException e) {
                    return -1;
                }
            }
        }
        return -1;
    }

    /** How long a connection may idle in our pool, given what the upstream announced. */
    static long idleLimitNanos(int timeoutSeconds, long ours) {
        if (timeoutSeconds < 0) {
            return ours;
        }
        return Math.max(0, Math.min(ours, timeoutSeconds * 1_000_000_000L - MARGIN_NANOS));
    }
}
