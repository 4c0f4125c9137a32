package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.ArrayList;
import java.util.List;

/** A conversation's system prompt as Anthropic's {@code system} blocks, apart from its turns. */
final class AnthropicSystem {

    private AnthropicSystem() {
    }

    /**
     * The system and developer turns as Anthropic's system blocks: turns of one plain text joined into one block, as
     * one prompt; texts kept as the caller split them, each with its cache mark.
     */
    static List<JsonObject> blocks(Conversation conversation) {
        List<JsonObject> blocks = new ArrayList<>();
        StringBuilder plain = new StringBuilder();
        for (Turn turn : conversation.turns()) {
            if (!turn.role().instructs()) {
                continue;
            }
            if (turn.parts().size() == 1 && turn.parts().get(0) instanceof Text t && t.cache() == null) {
                if (!t.text().isBlank()) {
                    plain.append(plain.isEmpty() ? "" : "\n\n").append(t.text());
                }
                continue;
            }
            flush(plain, blocks);
            for (Part part : turn.parts()) {
                if (part instanceof Text t && !t.text().isBlank()) {
                    blocks.add(CacheMarks.mark(textBlock(t.text()), t.cache()).build());
                }
            }
        }
        flush(plain, blocks);
        return blocks;
    }

    private static void flush(StringBuilder plain, List<JsonObject> blocks) {
        if (!plain.isEmpty()) {
            blocks.add(textBlock(plain.toString()).build());
            plain.setLength(0);
        }
    }

    static JsonObjectBuilder textBlock(String text) {
        return JsonCodec.object().add("type", "text").add("text", text);
    }
}
