package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ThinkingBlocks;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.conversation.ToolResult;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

import static dev.llmproxy.application.proxy.CacheMarks.mark;

/**
 * A conversation as Anthropic's turns: only {@code user} and {@code assistant}, consecutive turns of one role
 * joined, tool results first in the user turn after the calls, no empty text blocks, and a final assistant turn (a
 * prefill to continue) without trailing whitespace, all of which Anthropic refuses otherwise.
 */
final class AnthropicTurns {

    private AnthropicTurns() {
    }

    /** @param thinking whether the request thinks: only then does the thinking that made a turn's calls go back */
    static JsonArray of(Conversation conversation, boolean thinking) {
        List<String> roles = new ArrayList<>();
        List<List<JsonObject>> turns = new ArrayList<>();
        for (Turn turn : conversation.turns()) {
            if (turn.role().instructs()) {
                continue;
            }
            String role = turn.role() == Role.ASSISTANT ? "assistant" : "user";
            List<JsonObject> blocks = blocks(turn, thinking);
            if (blocks.isEmpty()) {
                continue;
            }
            if (!roles.isEmpty() && roles.get(roles.size() - 1).equals(role)) {
                turns.get(turns.size() - 1).addAll(blocks);
            } else {
                roles.add(role);
                turns.add(new ArrayList<>(blocks));
            }
        }
        JsonArrayBuilder out = JsonCodec.array();
        for (int i = 0; i < turns.size(); i++) {
            List<JsonObject> blocks = resultsFirst(turns.get(i));
            if (i == turns.size() - 1 && roles.get(i).equals("assistant")) {
                blocks = withoutTrailingWhitespace(blocks);
            }
            JsonArrayBuilder content = JsonCodec.array();
            blocks.forEach(content::add);
            out.add(JsonCodec.object().add("role", roles.get(i)).add("content", content));
        }
        return out.build();
    }

    private static List<JsonObject> blocks(Turn turn, boolean thinking) {
        List<JsonObject> out = new ArrayList<>();
        for (Part part : turn.parts()) {
            JsonObject block = block(part, thinking);
            if (block != null) {
                out.add(block);
            }
        }
        return out;
    }

    /** A part as Anthropic's block; null for what Anthropic takes no block of (audio, a refusal, a blank text). */
    private static JsonObject block(Part part, boolean thinking) {
        if (part instanceof Text t) {
            return t.text().isBlank() ? null : mark(AnthropicSystem.textBlock(t.text()), t.cache()).build();
        } else if (part instanceof Image image) {
            return mark(JsonCodec.object().add("type", "image").add("source", AnthropicSources.image(image.url())),
                    image.cache()).build();
        } else if (part instanceof File file) {
            JsonObject source = file.data() == null ? null : AnthropicSources.document(file.data());
            return source == null ? null
                    : mark(JsonCodec.object().add("type", "document").add("source", source), file.cache()).build();
        } else if (part instanceof ToolCall call) {
            return mark(JsonCodec.object().add("type", "tool_use").add("id", AnthropicIds.toAnthropic(call.id()))
                    .add("name", call.name()).add("input", input(call.arguments())), call.cache()).build();
        } else if (part instanceof ToolResult result) {
            return mark(JsonCodec.object().add("type", "tool_result")
                    .add("tool_use_id", AnthropicIds.toAnthropic(result.callId())).add("content", result.text()),
                    result.cache()).build();
        } else if (part instanceof Thinking block && thinking) {
            return ThinkingBlocks.json(block); // as Claude wrote it, first in its turn
        }
        return null;
    }

    /** A tool call's arguments as the object Anthropic wants ({} when they are not a JSON object). */
    private static JsonObject input(String arguments) {
        if (arguments.isBlank()) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
        try {
            return JsonCodec.read(arguments) instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
        } catch (JsonException notJson) {
            return JsonValue.EMPTY_JSON_OBJECT;
        }
    }

    private static List<JsonObject> resultsFirst(List<JsonObject> blocks) {
        List<JsonObject> out = new ArrayList<>();
        blocks.stream().filter(b -> b.getString("type").equals("tool_result")).forEach(out::add);
        blocks.stream().filter(b -> !b.getString("type").equals("tool_result")).forEach(out::add);
        return out;
    }

    /** A final assistant turn's blocks as Anthropic takes a prefill: its last text without trailing whitespace. */
    static List<JsonObject> withoutTrailingWhitespace(List<JsonObject> blocks) {
        List<JsonObject> out = new ArrayList<>(blocks);
        JsonObject last = out.get(out.size() - 1);
        if (last.getString("type").equals("text")) {
            JsonObjectBuilder stripped = JsonCodec.object(last).add("text", last.getString("text").stripTrailing());
            out.set(out.size() - 1, stripped.build());
        }
        return out;
    }
}
