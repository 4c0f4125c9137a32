package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.AllowedModel;

import java.util.List;

/** How a chain run ended. */
public sealed interface ChainResult {

    List<AttemptRecord> attempts();

    boolean saw429();

    /**
     * @param fallback  whether a model other than the chain's first answered
     * @param truncated whether the answer ended with finish_reason length
     */
    record Success(AllowedModel model, UpstreamReply.Completed reply, boolean fallback, boolean truncated,
                   List<AttemptRecord> attempts, boolean saw429) implements ChainResult {
        public Success {
            attempts = List.copyOf(attempts);
        }
    }

    record Failure(ProxyError error, List<AttemptRecord> attempts, boolean saw429) implements ChainResult {
        public Failure {
            attempts = List.copyOf(attempts);
        }
    }
}
