package dev.llmproxy.application.access;

import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.log.CallerRecord;

/**
 * A caller let in: its key (null when anonymous) and its record for the request log.
 */
public record Caller(ApiKey key, CallerRecord record) {

    public static final Caller UNKNOWN = new Caller(null, CallerRecord.UNKNOWN);

    /** Whether this caller may use the tier (null: a model named directly). */
    public boolean mayUse(String tier) {
        return key == null || key.mayUse(tier);
    }
}
