package dev.llmproxy.application.access;

import dev.llmproxy.domain.admission.Priority;
import dev.llmproxy.domain.keys.ApiKey;
import dev.llmproxy.domain.log.CallerRecord;

/**
 * A caller let in: its key (null when anonymous), its record for the request log and its class in the admission queue
 * (its key's, or lower when its request asked for that).
 */
public record Caller(ApiKey key, CallerRecord record, Priority priority) {

    public static final Caller UNKNOWN = new Caller(null, CallerRecord.UNKNOWN);

    public Caller(ApiKey key, CallerRecord record) {
        this(key, record, key == null ? Priority.STANDARD : key.priority());
    }

    /** The same caller in {@code asked}'s class, if that is lower than its own (null: its own). */
    public Caller loweredTo(Priority asked) {
        return new Caller(key, record, priority.loweredTo(asked));
    }

    /** Who takes turns with the other callers of its class in the admission queue: its key, else its address. */
    public Object party() {
        if (key != null) {
            return key.id();
        }
        return record.clientHash() == null ? "" : record.clientHash();
    }

    /** Whether this caller may use the tier (null: a model named directly). */
    public boolean mayUse(String tier) {
        return key == null || key.mayUse(tier);
    }
}
