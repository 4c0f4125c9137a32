package dev.llmproxy.domain.log;

import java.time.Instant;
import java.util.List;

/** Durable store of the request log. */
public interface RequestLogRepository {

    void saveAll(List<RequestRecord> records);

    /**
     * Newest first.
     *
     * @param before keyset cursor: only records strictly older than it; null for the newest page
     */
    List<RequestRecord> page(int limit, Cursor before);

    /** A position in the log: records are ordered by time, then request id. */
    record Cursor(Instant receivedAt, String requestId) {
    }
}
