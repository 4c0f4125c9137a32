package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * Converse's answers in the Messages API's words, so that they are read as Claude's are from Anthropic (thinking to
 * {@code reasoning_content} with its signature carried, tool ids mapped, cache tokens priced): a whole answer's
 * blocks, a stop reason, and usage, whose input tokens leave out the cache reads and writes as Anthropic's do.
 */
final class ConverseAnswers {

    private ConverseAnswers() {
    }

    /** @return the answer as a Messages answer, or null when it holds no message */
    static JsonObject message(JsonObject converse) {
        if (!(converse.get("output") instanceof JsonObject output && output.get("message") instanceof JsonObject message
                && message.get("content") instanceof jakarta.json.JsonArray content)) {
            return null;
        }
        JsonArrayBuilder blocks = JsonCodec.array();
        for (JsonValue v : content) {
            if (v instanceof JsonObject block) {
                JsonObject b = block(block);
                if (b != null) {
                    blocks.add(b);
                }
            }
        }
        JsonObjectBuilder out = JsonCodec.object().add("type", "message").add("role", "assistant")
                .add("content", blocks);
        if (converse.get("stopReason") instanceof JsonString stop) {
            out.add("stop_reason", stopReason(stop.getString()));
        }
        if (converse.get("usage") instanceof JsonObject usage) {
            out.add("usage", usage(usage));
        }
        return out.build();
    }

    /** One content block, or null for what a chat answer cannot hold (citations, guard content). */
    static JsonObject block(JsonObject block) {
        if (block.get("text") instanceof JsonString text) {
            return JsonCodec.object().add("type", "text").add("text", text).build();
        }
        if (block.get("toolUse") instanceof JsonObject use) {
            return JsonCodec.object().add("type", "tool_use").add("id", use.getString("toolUseId", ""))
                    .add("name", use.getString("name", ""))
                    .add("input", use.get("input") instanceof JsonObject in ? in : JsonValue.EMPTY_JSON_OBJECT).build();
        }
        if (block.get("reasoningContent") instanceof JsonObject reasoning) {
            if (reasoning.get("redactedContent") instanceof JsonString data) {
                return JsonCodec.object().add("type", "redacted_thinking").add("data", data).build();
            }
            if (reasoning.get("reasoningText") instanceof JsonObject text) {
                JsonObjectBuilder thinking = JsonCodec.object().add("type", "thinking")
                        .add("thinking", text.getString("text", ""));
                return (text.get("signature") instanceof JsonString s ? thinking.add("signature", s) : thinking).build();
            }
        }
        return null;
    }

    /** Whether the model broke its own answer: not an answer at all, whatever was said before. */
    static boolean malformed(String converseStop) {
        return converseStop != null && converseStop.startsWith("malformed_");
    }

    /** Converse's stop reason in Anthropic's words: a guardrail's or the content filter's intervention is a refusal. */
    static String stopReason(String converse) {
        return switch (converse) {
            case "guardrail_intervened", "content_filtered" -> "refusal";
            default -> converse;
        };
    }

    static JsonObject usage(JsonObject converse) {
        JsonObjectBuilder out = JsonCodec.object();
        copy(converse, "inputTokens", out, "input_tokens");
        copy(converse, "outputTokens", out, "output_tokens");
        copy(converse, "cacheReadInputTokens", out, "cache_read_input_tokens");
        copy(converse, "cacheWriteInputTokens", out, "cache_creation_input_tokens");
        return out.build();
    }

    private static void copy(JsonObject from, String key, JsonObjectBuilder to, String as) {
        if (from.get(key) instanceof jakarta.json.JsonNumber n) {
            to.add(as, n);
        }
    }
}
