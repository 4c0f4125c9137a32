package dev.llmproxy.domain.routing;

import dev.llmproxy.domain.config.Settings;

import java.util.List;

/**
 * Everything one chain run needs; the settings are the snapshot in force when the request arrived.
 *
 * @param stream where a streamed answer goes, or null for a request answered in one piece
 */
public record ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings,
                        StreamSink stream) {

    public ChainPlan(String requestId, List<Candidate> candidates, ChatPayload payload, Settings settings) {
        this(requestId, candidates, payload, settings, null);
    }

    public ChainPlan {
        candidates = List.copyOf(candidates);
        if (candidates.isEmpty()) {
            throw new IllegalArgumentException("candidates must not be empty");
        }
    }
}
