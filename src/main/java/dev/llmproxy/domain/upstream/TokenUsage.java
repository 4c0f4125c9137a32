package dev.llmproxy.domain.upstream;


/** Token counts as the upstream reported them; any may be null when not reported. */
public record TokenUsage(Integer promptTokens, Integer completionTokens, Integer totalTokens) {
    public static final TokenUsage NONE = new TokenUsage(null, null, null);
}
