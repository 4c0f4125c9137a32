package dev.llmproxy.domain.replay;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A successful answer as its caller received it, kept for a retry of the same request: its status, content type, the
 * headers that describe it (which model answered, whether it was a fallback) and its body, a stream's events included.
 *
 * @param requestId the request that was answered
 * @param model     the allowlisted model that answered
 * @param fallback  whether it was not the first model of its chain
 * @param headers   the answer's own headers (which model, the attempts), in the order they were set
 * @param keptAt    when it was answered
 */
public record KeptAnswer(String requestId, String model, boolean fallback, int status, String contentType,
                         Map<String, String> headers, byte[] body, Instant keptAt) {

    /** The largest answer kept (8 MiB): a long streamed answer's events fit; past it a retry runs again. */
    public static final int MAX_BYTES = 8 << 20;
    /** The most answers a tier keeps of one caller to give again; past it the oldest go (its cache is bounded). */
    public static final int MOST_PER_OWNER = 1_000;

    public KeptAnswer {
        headers = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
    }

    /** How old it is {@code now}, in whole seconds (as HTTP's {@code Age} says it). */
    public long ageSeconds(Instant now) {
        return Math.max(0, Duration.between(keptAt, now).toSeconds());
    }

    /** Whether it was a stream of Server-Sent Events. */
    public boolean stream() {
        return contentType != null && contentType.startsWith("text/event-stream");
    }
}
