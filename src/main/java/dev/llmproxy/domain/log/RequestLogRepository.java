package dev.llmproxy.domain.log;

import java.nio.charset.StandardCharsets;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.Base64;
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

    /**
     * What requests received from the hour of {@code from} until {@code to} cost, in US dollars, in all and by model,
     * tier and API key (summed per hour as they are logged: the spend periods start on the hour).
     */
    Spend spend(Instant from, Instant to);

    /**
     * Spend over a period; each map is ordered from the largest spender down.
     *
     * @param byTier tier -> dollars ({@code none} for models asked for by name)
     * @param byKey  API key id -> dollars ({@code none} for callers without a key)
     */
    record Spend(BigDecimal total, Map<String, BigDecimal> byModel, Map<String, BigDecimal> byTier,
                 Map<String, BigDecimal> byKey) {
    }

    /** @param byBucket per slice (oldest first): outcome -> count; @param byModel answering model -> count */
    record Summary(List<Map<String, Long>> byBucket, Map<String, Long> byModel) {
    }

    /** A position in the log: records are ordered by time, then request id. */
    record Cursor(Instant receivedAt, String requestId) {

        /** The position just past a record (the next page starts after it). */
        public static Cursor after(RequestRecord r) {
            return new Cursor(r.receivedAt(), r.requestId());
        }

        /** An opaque token for page links and API answers. */
        public String token() {
            return Base64.getUrlEncoder().withoutPadding()
                    .encodeToString((receivedAt + "|" + requestId).getBytes(StandardCharsets.UTF_8));
        }

        /** The cursor in a token from {@link #token()}; empty when the text is not one. */
        public static Optional<Cursor> parse(String token) {
            try {
                String raw = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
                int bar = raw.indexOf('|');
                return Optional.of(new Cursor(Instant.parse(raw.substring(0, bar)), raw.substring(bar + 1)));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }
    }
}
