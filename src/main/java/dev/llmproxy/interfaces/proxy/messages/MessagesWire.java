package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.upstream.TokenUsage;
import jakarta.json.JsonObjectBuilder;

/** What whole and streamed Messages answers say alike: the message id, the stop reason and the usage. */
final class MessagesWire {

    private MessagesWire() {
    }

    /** The message's id: the request's, so that the request log finds it. */
    static String messageId(String requestId) {
        return "msg_" + (requestId.startsWith("req_") ? requestId.substring(4) : requestId);
    }

    /** Why the answer ended, in Anthropic's words. */
    static String stopReason(Finish finish) {
        if (finish == null) {
            return "end_turn";
        }
        return switch (finish) {
            case LENGTH -> "max_tokens";
            case TOOL_CALLS -> "tool_use";
            case CONTENT_FILTER, REFUSAL -> "refusal";
            case STOP -> "end_turn";
        };
    }

    /**
     * Usage in Anthropic's terms: {@code input_tokens} counts only what the provider neither read from its cache
     * ({@code cache_read_input_tokens}) nor wrote to it ({@code cache_creation_input_tokens}). Unknown input and
     * output counts are 0 (clients require a number there), unknown cache counts null.
     */
    static JsonObjectBuilder usage(TokenUsage usage) {
        Integer read = usage.cachedPromptTokens();
        Integer written = usage.cacheWriteTokens();
        Integer input = usage.promptTokens() == null ? null : Math.max(0, usage.promptTokens()
                - (read == null ? 0 : read) - (written == null ? 0 : written));
        JsonObjectBuilder u = JsonCodec.object();
        u.add("input_tokens", input == null ? 0 : input);
        u.add("output_tokens", usage.completionTokens() == null ? 0 : usage.completionTokens());
        count(u, "cache_read_input_tokens", read);
        count(u, "cache_creation_input_tokens", written);
        return u;
    }

    private static void count(JsonObjectBuilder u, String name, Integer tokens) {
        if (tokens == null) {
            u.addNull(name);
        } else {
            u.add(name, tokens);
        }
    }
}
