package dev.llmproxy.domain.log;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.replay.Reuse;
import dev.llmproxy.domain.routing.AttemptRecord;
import dev.llmproxy.domain.streaming.StreamStats;

import java.math.BigDecimal;
import java.time.Instant;
import java.util.List;

/**
 * One proxied request as auditors see it.
 *
 * @param tier           the tier asked for, or null when a model was asked for directly
 * @param answeringModel the allowlisted model that answered, or null
 * @param errorCode      the error code answered, or null on success
 * @param streamStats    for a streamed request, what was relayed; null otherwise
 * @param queueWaitMs    how long the request waited for an upstream slot; null if it never queued for one
 * @param caller         who called and what the limiter decided
 * @param promptExcerpt  the start of the last user message, when the deployment keeps prompts; else null
 * @param answeredAs     the model the upstream said answered, when that is not the allowlisted model's upstream
 *                       name (a router such as {@code openrouter/free} names its pick); else null
 * @param answeredLocally whether a local model (a stand-in, in development) answered
 * @param costUsd        what the answer cost in US dollars ({@link dev.llmproxy.domain.spend.Cost}); null when unknown
 * @param frontDoor      the API the request came through; null for a run of refusals, which may span several
 * @param reuse          for an answer kept from an earlier request and given again, how and from which; else null
 */
public record RequestRecord(String requestId, Instant receivedAt, String tier, String requestedModel,
                            String answeringModel, boolean fallback, int status, String errorCode, long latencyMs,
                            Integer promptTokens, Integer completionTokens, Integer totalTokens, String finishReason,
                            boolean truncated, boolean saw429, boolean stream, List<AttemptRecord> attempts,
                            StreamStats streamStats, Long queueWaitMs, CallerRecord caller, String promptExcerpt,
                            String answeredAs, boolean answeredLocally, BigDecimal costUsd, FrontDoor frontDoor,
                            Reuse reuse) {
    public RequestRecord {
        attempts = List.copyOf(attempts);
        caller = caller == null ? CallerRecord.UNKNOWN : caller;
    }

    public RequestRecord(String requestId, Instant receivedAt, String tier, String requestedModel,
                         String answeringModel, boolean fallback, int status, String errorCode, long latencyMs,
                         Integer promptTokens, Integer completionTokens, Integer totalTokens, String finishReason,
                         boolean truncated, boolean saw429, boolean stream, List<AttemptRecord> attempts,
                         StreamStats streamStats, Long queueWaitMs, CallerRecord caller, String promptExcerpt) {
        this(requestId, receivedAt, tier, requestedModel, answeringModel, fallback, status, errorCode, latencyMs,
                promptTokens, completionTokens, totalTokens, finishReason, truncated, saw429, stream, attempts,
                streamStats, queueWaitMs, caller, promptExcerpt, null, false, null, FrontDoor.CHAT, null);
    }

    /**
     * This record without the text callers and providers wrote (the model asked for, the excerpt, the name the
     * upstream gave, the attempts' reasons): what is kept of a row the store refused as it was.
     */
    public RequestRecord reduced() {
        List<AttemptRecord> bare = attempts.stream().map(a -> new AttemptRecord(a.model(), a.outcome(), a.status(),
                a.latency(), null, a.tokens(), a.costUsd())).toList();
        return new RequestRecord(requestId, receivedAt, tier, null, answeringModel, fallback, status, errorCode,
                latencyMs, promptTokens, completionTokens, totalTokens, null, truncated, saw429, stream, bare,
                streamStats, queueWaitMs, caller, null, null, answeredLocally, costUsd, frontDoor, reuse);
    }

    /** A record of the request with that id, received then; everything else is unknown until said. */
    public static Builder of(String requestId, Instant receivedAt) {
        return new Builder(requestId, receivedAt);
    }

    /** Builds a record by naming what is known; what is not said stays null, false or empty. */
    public static final class Builder {
        private final String requestId;
        private final Instant receivedAt;
        private String tier;
        private String requestedModel;
        private String answeringModel;
        private boolean fallback;
        private int status;
        private String errorCode;
        private long latencyMs;
        private Integer promptTokens;
        private Integer completionTokens;
        private Integer totalTokens;
        private String finishReason;
        private boolean truncated;
        private boolean saw429;
        private boolean stream;
        private List<AttemptRecord> attempts = List.of();
        private StreamStats streamStats;
        private Long queueWaitMs;
        private CallerRecord caller;
        private String promptExcerpt;
        private String answeredAs;
        private boolean answeredLocally;
        private BigDecimal costUsd;
        private FrontDoor frontDoor;
        private Reuse reuse;

        private Builder(String requestId, Instant receivedAt) {
            this.requestId = requestId;
            this.receivedAt = receivedAt;
        }

        public Builder asked(String tier, String requestedModel) {
            this.tier = tier;
            this.requestedModel = requestedModel;
            return this;
        }

        /** @param door the API the request came through; null when the record stands for several requests */
        public Builder via(FrontDoor door) {
            this.frontDoor = door;
            return this;
        }

        public Builder answeredBy(String model, boolean fallback) {
            this.answeringModel = model;
            this.fallback = fallback;
            return this;
        }

        /**
         * @param upstreamName the name the upstream gave the model that answered; kept only when it is not the
         *                     allowlisted model's own upstream name
         */
        public Builder answeredAs(String upstreamName) {
            this.answeredAs = upstreamName;
            return this;
        }

        /** @param reuse how the answer kept from an earlier request was given again; null when it was not */
        public Builder reused(Reuse reuse) {
            this.reuse = reuse;
            return this;
        }

        public Builder answeredLocally(boolean local) {
            this.answeredLocally = local;
            return this;
        }

        /** @param usd what the answer cost; null when unknown */
        public Builder cost(BigDecimal usd) {
            this.costUsd = usd;
            return this;
        }

        /** @param errorCode null for a success */
        public Builder status(int status, String errorCode) {
            this.status = status;
            this.errorCode = errorCode;
            return this;
        }

        public Builder latencyMs(long latencyMs) {
            this.latencyMs = latencyMs;
            return this;
        }

        public Builder usage(Integer promptTokens, Integer completionTokens, Integer totalTokens) {
            this.promptTokens = promptTokens;
            this.completionTokens = completionTokens;
            this.totalTokens = totalTokens;
            return this;
        }

        public Builder finished(Finish finish, boolean truncated) {
            return finished(finish == null ? null : finish.wireName(), truncated);
        }

        /** @param finishReason as the log names it ({@link Finish#wireName}) */
        public Builder finished(String finishReason, boolean truncated) {
            this.finishReason = finishReason;
            this.truncated = truncated;
            return this;
        }

        public Builder saw429(boolean saw429) {
            this.saw429 = saw429;
            return this;
        }

        /** @param stats what was relayed, for a streamed request; null when not known */
        public Builder stream(boolean stream, StreamStats stats) {
            this.stream = stream;
            this.streamStats = stats;
            return this;
        }

        public Builder attempts(List<AttemptRecord> attempts) {
            this.attempts = attempts;
            return this;
        }

        public Builder queueWaitMs(Long queueWaitMs) {
            this.queueWaitMs = queueWaitMs;
            return this;
        }

        public Builder caller(CallerRecord caller, String promptExcerpt) {
            this.caller = caller;
            this.promptExcerpt = promptExcerpt;
            return this;
        }

        public RequestRecord build() {
            return new RequestRecord(requestId, receivedAt, tier, requestedModel, answeringModel, fallback, status,
                    errorCode, latencyMs, promptTokens, completionTokens, totalTokens, finishReason, truncated, saw429,
                    stream, attempts, streamStats, queueWaitMs, caller, promptExcerpt, answeredAs, answeredLocally, costUsd,
                    frontDoor, reuse);
        }
    }
}
