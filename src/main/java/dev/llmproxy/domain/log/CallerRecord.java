package dev.llmproxy.domain.log;

import java.time.Instant;

/**
 * Who made a request and what the limiter decided, as the request log keeps it: never the address, never the key.
 *
 * @param clientHash HMAC-SHA256 of the client address, or null when not known yet
 * @param keyId      the id of the caller's API key, or null for an anonymous caller
 * @param scope      the scope the request counted against
 * @param limits     the limits it was counted against (comma-separated setting names), or null
 * @param limitHit   the limit that refused it, or null
 * @param limiter    {@code shared} or {@code memory} (the per-instance fallback), {@code remembered} (a window known
 *                   to be full), or null when not counted
 * @param refusals   for a run of refusals recorded as one row: how many requests it stands for; else null
 * @param lastRefusedAt for such a run: when its last refusal was answered (its first is the row's time); else null
 */
public record CallerRecord(String clientHash, String keyId, String scope, String limits, String limitHit,
                           String limiter, Integer refusals, Instant lastRefusedAt) {
    public static final CallerRecord UNKNOWN = new CallerRecord(null, null, null, null, null, null, null, null);

    public CallerRecord(String clientHash, String keyId, String scope, String limits, String limitHit,
                        String limiter) {
        this(clientHash, keyId, scope, limits, limitHit, limiter, null, null);
    }

    /** A caller known by its address only (before its key, scope and limits are). */
    public static CallerRecord client(String clientHash) {
        return new CallerRecord(clientHash, null, null, null, null, null);
    }

    /** This caller, known to use that key. */
    public CallerRecord withKey(String keyId) {
        return new CallerRecord(clientHash, keyId, scope, limits, limitHit, limiter, refusals, lastRefusedAt);
    }

    /** This caller, counted in that scope. */
    public CallerRecord inScope(String scope) {
        return new CallerRecord(clientHash, keyId, scope, limits, limitHit, limiter, refusals, lastRefusedAt);
    }

    /** This caller, counted against those limits in that store; {@code limitHit} is null when it was admitted. */
    public CallerRecord counted(String limits, String limitHit, String limiter) {
        return new CallerRecord(clientHash, keyId, scope, limits, limitHit, limiter, refusals, lastRefusedAt);
    }

    /** This caller's run of {@code count} refusals, the last answered at {@code last}, recorded as one row. */
    public CallerRecord refusedRepeatedly(int count, Instant last) {
        return new CallerRecord(clientHash, keyId, scope, limits, limitHit, limiter, count, last);
    }
}
