package dev.llmproxy.application.access;

import dev.llmproxy.domain.access.ClientHasher;

/**
 * Deploy-time facts about access: the mode and the salt of client hashing.
 *
 * @param production {@code PROXY_MODE=production}
 * @param hasher     hashes client addresses; null when the deployment may not serve (see {@code refusal})
 * @param refusal    why proxy traffic is refused (production without a proper salt), or null when it is served
 * @param hasSecretSalt whether PROXY_IP_SALT was given (else development hashes with a public salt)
 */
public record AccessMode(boolean production, ClientHasher hasher, String refusal, boolean hasSecretSalt) {

    /** A salt shorter than this is refused in production: it would be guessable. */
    public static final int MIN_SALT_LENGTH = 16;
    /** Development only: stable across instances and restarts so that shared counts line up. Public, so never safe. */
    static final String DEVELOPMENT_SALT = "llm-proxy-development-salt-not-secret";

    /**
     * @param mode {@code development} (the default when null or blank) or {@code production}
     * @throws IllegalArgumentException for any other mode: a typo must not quietly run a public proxy in development
     */
    public static AccessMode of(String mode, String salt) {
        String m = mode == null || mode.isBlank() ? "development" : mode.trim().toLowerCase(java.util.Locale.ROOT);
        if (!m.equals("development") && !m.equals("production")) {
            throw new IllegalArgumentException("PROXY_MODE must be development or production (was \"" + mode + "\")");
        }
        boolean production = m.equals("production");
        boolean hasSalt = salt != null && !salt.isBlank();
        if (production && (!hasSalt || salt.length() < MIN_SALT_LENGTH)) {
            return new AccessMode(true, null, hasSalt
                    ? "PROXY_IP_SALT is shorter than " + MIN_SALT_LENGTH + " characters"
                    : "PROXY_IP_SALT is not set", false);
        }
        return new AccessMode(production, new ClientHasher(hasSalt ? salt : DEVELOPMENT_SALT), null, hasSalt);
    }

    public boolean serving() {
        return refusal == null;
    }
}
