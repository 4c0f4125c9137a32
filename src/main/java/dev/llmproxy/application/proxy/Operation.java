package dev.llmproxy.application.proxy;

import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

/**
 * What a request asks for, and how its prompt is measured in that operation's terms: a chat's messages, or the inputs
 * to embed. The reader of each API says which one it read.
 */
public enum Operation {

    CHAT {
        @Override
        long chars(JsonObject body) {
            return PromptSize.chars(body);
        }

        @Override
        long tokenEstimate(JsonObject body) {
            return (chars(body) + 1) / 2 + 8L * body.getJsonArray("messages").size();
        }

        @Override
        Integer maxTokens(JsonObject body) {
            for (String field : new String[] {"max_completion_tokens", "max_tokens"}) {
                if (body.get(field) instanceof JsonNumber n && n.isIntegral() && n.longValue() >= 0) {
                    return (int) Math.min(Integer.MAX_VALUE, n.longValue());
                }
            }
            return null;
        }

        /** The last user message's. */
        @Override
        String shownText(JsonObject body) {
            String last = null;
            for (JsonValue m : body.getJsonArray("messages")) {
                if (m instanceof JsonObject o && "user".equals(o.getString("role", null))) {
                    last = ChatJson.textOf(o.get("content"));
                }
            }
            return last;
        }
    },

    EMBEDDINGS {
        @Override
        long chars(JsonObject body) {
            return EmbeddingInput.chars(body);
        }

        @Override
        long tokenEstimate(JsonObject body) {
            return EmbeddingInput.tokenEstimate(body);
        }

        /** Vectors: no output tokens. */
        @Override
        Integer maxTokens(JsonObject body) {
            return 0;
        }

        /** The first text to embed. */
        @Override
        String shownText(JsonObject body) {
            return EmbeddingInput.firstText(body);
        }
    };

    /** The prompt's size as the caller sent it, in characters. */
    abstract long chars(JsonObject body);

    /** The prompt tokens reserved against budgets before the call; settling corrects it to what was counted. */
    abstract long tokenEstimate(JsonObject body);

    /** The caller's output allowance, or null when it names none. */
    abstract Integer maxTokens(JsonObject body);

    /** The text the request log shows of the prompt, when auditors are to see prompts; null when none. */
    abstract String shownText(JsonObject body);
}
