package dev.llmproxy.domain.log;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Durable store of the request log. */
public interface RequestLogRepository extends RequestLogWriter {

    /**
     * Newest first.
     *
     * @param before keyset cursor: only records strictly older than it; null for the newest page
     */
    List<RequestRecord> page(int limit, Cursor before);

    /** Newest first, only records matching the filter; keyset-paged like {@link #page(int, Cursor)}. */
    List<RequestRecord> page(RequestLogFilter filter, int limit, Cursor before);

    Optional<RequestRecord> find(String requestId);

    /**
     * Counts of requests received in {@code [from, to)}, in {@code buckets} equal slices of time, by outcome
     * ({@code ok}, {@code degraded}, {@code failed}); and by answering model over the whole period.
     */
    Summary summary(Instant from, Instant to, int buckets);

    /** @param byBucket per slice (oldest first): outcome -> count; @param byModel answering model -> count */
    record Summary(List<Map<String, Long>> byBucket, Map<String, Long> byModel) {
    }

    /** A position in the log: records are ordered by time, then request id. */
    record Cursor(Instant receivedAt, String requestId) {
    }
}
