package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.Audio;
import dev.llmproxy.domain.conversation.CacheMark;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Refusal;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.conversation.ToolResult;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Logger;

/**
 * Chat completions' messages as the typed conversation, read once for the wires that write their provider's own
 * turns. The ids of a caller's tool calls give up what the proxy gave them to carry (Claude's signed thinking on the
 * first call of a turn, Gemini's thought signature on each), so that no wire reads an id for anything but an id.
 */
public final class ChatConversation {

    private static final Logger LOG = Logger.getLogger(ChatConversation.class.getName());

    private ChatConversation() {
    }

    /** @param messages chat's messages, as {@link ChatRequest#validated} checked them */
    public static Conversation read(List<JsonValue> messages) {
        List<Turn> turns = new ArrayList<>(messages.size());
        for (JsonValue v : messages) {
            if (v instanceof JsonObject m) {
                turns.add(turn(m));
            }
        }
        return new Conversation(turns);
    }

    private static Turn turn(JsonObject m) {
        String role = m.getString("role", "user");
        return switch (role) {
            case "tool", "function" -> new Turn(Role.TOOL, List.of(result(m, role)));
            case "assistant" -> new Turn(Role.ASSISTANT, assistant(m));
            case "system" -> new Turn(Role.SYSTEM, content(m.get("content")));
            case "developer" -> new Turn(Role.DEVELOPER, content(m.get("content")));
            default -> new Turn(Role.USER, content(m.get("content")));
        };
    }

    private static ToolResult result(JsonObject m, String role) {
        String name = m.get("name") instanceof JsonString n ? n.getString() : null;
        String callId = role.equals("tool") ? ToolCallIds.bare(m.getString("tool_call_id", "")) : name == null ? "" : name;
        CacheMark mark = null; // Anthropic takes a mark on the result itself: the last one its parts carry
        if (m.get("content") instanceof JsonArray parts) {
            for (JsonValue p : parts) {
                if (p instanceof JsonObject part && CacheMarks.typedOf(part) != null) {
                    mark = CacheMarks.typedOf(part);
                }
            }
        }
        return new ToolResult(callId, name, ChatJson.textOf(m.get("content")), mark);
    }

    private static List<Part> assistant(JsonObject m) {
        List<Part> parts = new ArrayList<>();
        if (m.get("tool_calls") instanceof JsonArray calls) {
            if (!calls.isEmpty() && calls.get(0) instanceof JsonObject first
                    && first.get("id") instanceof JsonString id) {
                parts.addAll(ThinkingBlocks.of(CarriedThinking.carried(id.getString())));
            }
            parts.addAll(content(m.get("content")));
            for (JsonValue c : calls) {
                if (c instanceof JsonObject call && call.get("function") instanceof JsonObject f) {
                    String id = call.getString("id", "");
                    parts.add(new ToolCall(ToolCallIds.bare(id), f.getString("name", ""), arguments(f),
                            ToolCallIds.signatureOf(id), CacheMarks.typedOf(call)));
                }
            }
        } else {
            parts.addAll(content(m.get("content")));
            if (m.get("function_call") instanceof JsonObject f) {
                // an older function call is answered by its name: the name is its id
                parts.add(new ToolCall(f.getString("name", ""), f.getString("name", ""), arguments(f)));
            }
        }
        if (m.get("refusal") instanceof JsonString refusal && !refusal.getString().isEmpty()) {
            parts.add(new Refusal(refusal.getString()));
        }
        return parts;
    }

    /** The arguments as JSON text, as chat writes them; an object written as text. */
    private static String arguments(JsonObject function) {
        JsonValue arguments = function.get("arguments");
        return arguments instanceof JsonString s ? s.getString()
                : arguments instanceof JsonObject o ? JsonCodec.writeText(o) : "";
    }

    /** Content as parts: a string is one text part (none when it is empty). */
    private static List<Part> content(JsonValue content) {
        List<Part> parts = new ArrayList<>();
        if (content instanceof JsonString s && !s.getString().isEmpty()) {
            parts.add(new Text(s.getString()));
        } else if (content instanceof JsonArray list) {
            for (JsonValue v : list) {
                Part part = v instanceof JsonObject p ? part(p) : null;
                if (part != null) {
                    parts.add(part);
                } else {
                    LOG.fine(() -> "Read no part from: " + v);
                }
            }
        }
        return parts;
    }

    private static Part part(JsonObject p) {
        CacheMark mark = CacheMarks.typedOf(p);
        return switch (p.getString("type", "text")) {
            case "text" -> p.get("text") instanceof JsonString t ? new Text(t.getString(), mark) : null;
            case "refusal" -> p.get("refusal") instanceof JsonString r ? new Refusal(r.getString()) : null;
            case "image_url" -> p.get("image_url") instanceof JsonObject o && o.get("url") instanceof JsonString url
                    ? new Image(url.getString(), o.get("detail") instanceof JsonString d ? d.getString() : null, mark)
                    : p.get("image_url") instanceof JsonString url ? new Image(url.getString(), null, mark) : null;
            case "input_audio" -> p.get("input_audio") instanceof JsonObject a && a.get("data") instanceof JsonString d
                    ? new Audio(d.getString(), a.getString("format", "wav")) : null;
            case "file" -> p.get("file") instanceof JsonObject f ? new File(string(f, "file_data"),
                    string(f, "file_id"), string(f, "filename"), mark) : null;
            default -> null;
        };
    }

    private static String string(JsonObject o, String key) {
        return o.get(key) instanceof JsonString s ? s.getString() : null;
    }
}
