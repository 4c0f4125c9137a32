package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.domain.catalog.AllowedModel;
import dev.llmproxy.domain.failure.ProxyError;
import dev.llmproxy.domain.streaming.StreamStats;
import dev.llmproxy.domain.upstream.TokenUsage;
import dev.llmproxy.domain.upstream.UpstreamReply;

import dev.llmproxy.domain.replay.KeptAnswer;

import java.util.List;

/** How a chain run ended. */
public sealed interface ChainResult {

    List<AttemptRecord> attempts();

    boolean saw429();

    /** A run that answered, whole or streamed: what the log and the metrics say of either. */
    sealed interface Answered extends ChainResult {

        /** The allowlisted model that answered. */
        AllowedModel model();

        /** The upstream's name for the model that answered. */
        String answeredModel();

        Finish finish();

        TokenUsage usage();

        /** Whether a model other than the chain's first answered. */
        boolean fallback();

        /** Whether the answer ended for want of room ({@link Finish#LENGTH}). */
        boolean truncated();
    }

    record Success(AllowedModel model, UpstreamReply.Completed reply, boolean fallback, boolean truncated,
                   List<AttemptRecord> attempts, boolean saw429) implements Answered {
        public Success {
            attempts = List.copyOf(attempts);
        }

        @Override
        public String answeredModel() {
            return reply.answeredModel();
        }

        @Override
        public Finish finish() {
            return reply.finish();
        }

        @Override
        public TokenUsage usage() {
            return reply.usage();
        }
    }

    /**
     * A streamed answer that reached its end (possibly spliced from several models).
     *
     * @param usage the final upstream's usage when the answer came from one model, else counted
     */
    record Streamed(AllowedModel model, String answeredModel, Finish finish, TokenUsage usage, boolean fallback,
                    boolean truncated, StreamStats stats, List<AttemptRecord> attempts, boolean saw429)
            implements Answered {
        public Streamed {
            attempts = List.copyOf(attempts);
        }

        /** The same answer with its usage settled (counted where the upstream's is missing or spliced). */
        public Streamed withUsage(TokenUsage settled) {
            return new Streamed(model, answeredModel, finish, settled, fallback, truncated, stats, attempts,
                    saw429);
        }
    }

    /** @param stats for a streaming request, what was relayed before it failed ({@link StreamStats#NONE} otherwise) */
    record Failure(ProxyError error, List<AttemptRecord> attempts, boolean saw429, StreamStats stats)
            implements ChainResult {
        public Failure {
            attempts = List.copyOf(attempts);
        }

        public Failure(ProxyError error, List<AttemptRecord> attempts, boolean saw429) {
            this(error, attempts, saw429, StreamStats.NONE);
        }
    }

    /**
     * Every model failed, and an earlier answer to the same request stands in for the error (its tier's
     * stale-if-error).
     */
    record Stale(Failure failure, KeptAnswer answer) implements ChainResult {

        @Override
        public List<AttemptRecord> attempts() {
            return failure.attempts();
        }

        @Override
        public boolean saw429() {
            return failure.saw429();
        }
    }
}
