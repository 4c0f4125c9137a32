package dev.llmproxy.domain.upstream;


/**
 * Token counts as the upstream reported them; any may be null when not reported.
 *
 * @param reasoningTokens    the part of the completion tokens a model spent thinking (billed as output), or null
 * @param cachedPromptTokens the part of the prompt tokens the provider served from its cache (billed at its own
 *                           price), or null
 * @param cacheWriteTokens   the part of the prompt tokens the provider wrote to its cache (billed at its own price),
 *                           or null
 */
public record TokenUsage(Integer promptTokens, Integer completionTokens, Integer totalTokens, Integer reasoningTokens,
                         Integer cachedPromptTokens, Integer cacheWriteTokens) {
    public static final TokenUsage NONE = new TokenUsage(null, null, null, null, null, null);

    public TokenUsage(Integer promptTokens, Integer completionTokens, Integer totalTokens, Integer reasoningTokens,
                      Integer cachedPromptTokens) {
        this(promptTokens, completionTokens, totalTokens, reasoningTokens, cachedPromptTokens, null);
    }

    public TokenUsage(Integer promptTokens, Integer completionTokens, Integer totalTokens, Integer reasoningTokens) {
        this(promptTokens, completionTokens, totalTokens, reasoningTokens, null);
    }

    public TokenUsage(Integer promptTokens, Integer completionTokens, Integer totalTokens) {
        this(promptTokens, completionTokens, totalTokens, null);
    }
}
