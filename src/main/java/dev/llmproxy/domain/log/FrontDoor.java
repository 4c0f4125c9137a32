package dev.llmproxy.domain.log;

import java.util.Locale;

/**
 * The API a request came through. Each is a translation onto the same request life (chain, limits, budgets, log), so
 * the request log says which one, for auditors and for the metrics.
 */
public enum FrontDoor {
    /** {@code POST /v1/chat/completions}, OpenAI's chat completions. */
    CHAT,
    /** {@code POST /v1/messages}, Anthropic's Messages API. */
    MESSAGES,
    /** {@code POST /v1/responses}, OpenAI's Responses API. */
    RESPONSES,
    /** {@code POST /v1/embeddings}, OpenAI's embeddings: vectors, not chat answers. */
    EMBEDDINGS;

    /** The name the log, the metrics and the admin API use. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The door of that name, or null for an unknown or absent one. */
    public static FrontDoor named(String name) {
        for (FrontDoor door : values()) {
            if (door.wireName().equals(name)) {
                return door;
            }
        }
        return null;
    }
}
