package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.ToolCall;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ThreadLocalRandom;

/**
 * What one Gemini candidate's parts say in the proxy's terms: answer text, thoughts (for {@code reasoning_content},
 * never mixed into the answer) and function calls as OpenAI tool calls.
 *
 * @param toolCalls function calls, each with a fresh id and the thought signature Gemini wants back with it
 */
record GeminiParts(String text, String thoughts, List<ToolCall> toolCalls, String finishReason) {

    static GeminiParts of(JsonObject candidate) {
        StringBuilder text = new StringBuilder();
        StringBuilder thoughts = new StringBuilder();
        List<ToolCall> calls = new ArrayList<>();
        if (candidate.get("content") instanceof JsonObject content && content.get("parts") instanceof JsonArray parts) {
            for (JsonValue v : parts) {
                if (!(v instanceof JsonObject part)) {
                    continue;
                }
                if (part.get("functionCall") instanceof JsonObject call) {
                    String signature = part.get("thoughtSignature") instanceof JsonString s ? s.getString() : null;
                    calls.add(toolCall(call, signature));
                } else if (part.get("text") instanceof JsonString t) {
                    (part.get("thought") == JsonValue.TRUE ? thoughts : text).append(t.getString());
                }
            }
        }
        String finish = candidate.get("finishReason") instanceof JsonString f ? f.getString() : null;
        return new GeminiParts(text.toString(), thoughts.toString(), calls, finish);
    }

    private static ToolCall toolCall(JsonObject call, String signature) {
        JsonObject args = call.get("args") instanceof JsonObject a ? a : JsonValue.EMPTY_JSON_OBJECT;
        return new ToolCall(freshId(), call.getString("name", ""), JsonCodec.writeText(args), signature);
    }

    /** Gemini names no call: callers need an id to answer it by. */
    private static String freshId() {
        return "call_" + Long.toHexString(ThreadLocalRandom.current().nextLong() & Long.MAX_VALUE);
    }

    boolean isEmpty() {
        return text.isEmpty() && thoughts.isEmpty() && toolCalls.isEmpty();
    }
}
