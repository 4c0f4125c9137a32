package dev.llmproxy.domain.limits;

/** A scope's allowance per client: requests per minute and per hour (0: that window is not limited). */
public record ScopeLimit(int perMinute, int perHour) {
    public ScopeLimit {
        if (perMinute < 0 || perHour < 0) {
            throw new IllegalArgumentException("scope limits must not be negative");
        }
    }
}
