package dev.llmproxy.domain.config;

import java.util.List;
import java.util.Set;

/**
 * The settings "Outcome classification": which upstream answers are retried, moved on from, counted against a model's
 * health, or read as a too-long prompt or a refusal, and what a truncated answer leads to.
 *
 * @param retryTruncatedOnNextModel whether a truncated answer ({@code finish_reason: length}) tries the next model first
 * @param retryWithMoreRoomForThinking whether a model whose thoughts used up the output budget is asked once more
 */
public record OutcomeRules(Set<Integer> sameModelRetryStatuses, Set<Integer> nextModelStatuses,
                           Set<Integer> breakerFailureStatuses, List<String> contextLengthMarkers,
                           List<String> contentPolicyMarkers, boolean routeAroundContentRefusals,
                           boolean retryTruncatedOnNextModel, boolean retryWithMoreRoomForThinking) {
}
