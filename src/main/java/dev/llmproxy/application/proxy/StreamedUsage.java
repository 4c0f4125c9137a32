package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.routing.ChainResult;
import dev.llmproxy.domain.upstream.TokenUsage;

/**
 * The usage of a streamed answer, the same for the client's usage chunk and the request log: the upstream's when one
 * model answered and reported all of it; otherwise counted (completion tokens = content events relayed, prompt tokens
 * the upstream's or estimated at four characters each).
 */
public final class StreamedUsage {

    private StreamedUsage() {
    }

    public static TokenUsage of(ChainResult.Streamed s, ChatRequest request) {
        TokenUsage u = s.usage();
        if (u.promptTokens() != null && u.completionTokens() != null && u.totalTokens() != null) {
            return u;
        }
        int prompt = u.promptTokens() != null ? u.promptTokens() : (int) Math.max(1, (request.promptChars() + 3) / 4);
        int completion = u.completionTokens() != null ? u.completionTokens() : s.stats().eventsRelayed();
        return new TokenUsage(prompt, completion, prompt + completion, u.reasoningTokens(), u.cachedPromptTokens(),
                u.cacheWriteTokens());
    }
}
