package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.Thinking;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Claude's thinking blocks in Anthropic's own JSON ({@code thinking} with its signature, {@code redacted_thinking}).
 */
public final class ThinkingBlocks {

    private ThinkingBlocks() {
    }

    public static JsonArray json(List<Thinking> blocks) {
        JsonArrayBuilder out = JsonCodec.array();
        blocks.forEach(t -> out.add(json(t)));
        return out.build();
    }

    /** One block as Anthropic wrote it. */
    public static JsonObject json(Thinking t) {
        return t.isRedacted() ? JsonCodec.object().add("type", "redacted_thinking").add("data", t.redacted()).build()
                : JsonCodec.object().add("type", "thinking").add("thinking", t.text())
                .add("signature", t.signature()).build();
    }

    /** The blocks a caller must hand back ({@link CarriedThinking#isThinking}); others are left out. */
    public static List<Thinking> of(JsonArray blocks) {
        List<Thinking> out = new ArrayList<>();
        for (JsonValue v : blocks) {
            if (v instanceof JsonObject block && CarriedThinking.isThinking(block)) {
                out.add(block(block));
            }
        }
        return out;
    }

    /** A block that {@link CarriedThinking#isThinking is thinking}, typed. */
    public static Thinking block(JsonObject block) {
        return "redacted_thinking".equals(block.getString("type", "")) ? Thinking.redacted(block.getString("data", ""))
                : Thinking.signed(block.getString("thinking", ""), block.getString("signature", ""));
    }
}
