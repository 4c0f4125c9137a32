package dev.llmproxy.domain.upstream;


/**
 * Token counts as the upstream reported them; any may be null when not reported.
 *
 * @param reasoningTokens the part of the completion tokens a model spent thinking (billed as output), or null
 */
public record TokenUsage(Integer promptTokens, Integer completionTokens, Integer totalTokens, Integer reasoningTokens) {
    public static final TokenUsage NONE = new TokenUsage(null, null, null, null);

    public TokenUsage(Integer promptTokens, Integer completionTokens, Integer totalTokens) {
        this(promptTokens, completionTokens, totalTokens, null);
    }
}
