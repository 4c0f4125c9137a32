package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.Audio;
import dev.llmproxy.domain.conversation.CacheMark;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Refusal;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.conversation.ToolResult;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A conversation another door read, written once in chat's form as a chat caller would send it: for the providers
 * that speak chat, for what reads chat's form of every request (its size, its log excerpt) and for a stored
 * conversation that a later request continues. Reading it back ({@link ChatConversation}) gives the same
 * conversation: a turn's signed thinking and a call's thought signature ride in the call's id as they do for chat
 * callers ({@link CarriedThinking}, {@link ToolCallIds}), and a result names its call by that id. Cache marks go on
 * their parts, as {@link CacheMarks} says.
 */
public final class ChatMessages {

    private ChatMessages() {
    }

    public static JsonArray write(Conversation conversation) {
        JsonArrayBuilder out = JsonCodec.array();
        Map<String, String> written = new HashMap<>(); // a call's id -> the id a chat caller has for it
        for (Turn turn : conversation.turns()) {
            out.add(switch (turn.role()) {
                case TOOL -> result((ToolResult) turn.parts().get(0), written);
                case ASSISTANT -> assistant(turn, written);
                default -> content(JsonCodec.object().add("role", turn.role().name().toLowerCase(Locale.ROOT)), turn);
            });
        }
        return out.build();
    }

    private static JsonObject result(ToolResult result, Map<String, String> written) {
        JsonObjectBuilder message = JsonCodec.object().add("role", "tool")
                .add("tool_call_id", written.getOrDefault(result.callId(), result.callId()));
        // a marked result is a marked text part, which keeps the mark on its way to the answering provider
        return (result.cache() == null ? message.add("content", result.text())
                : message.add("content", JsonCodec.array().add(text(new Text(result.text(), result.cache()))))).build();
    }

    /** Text as one string, as chat answers have it; as its parts when the caller marked one for the cache. */
    private static JsonObject assistant(Turn turn, Map<String, String> written) {
        StringBuilder text = new StringBuilder();
        JsonArrayBuilder texts = JsonCodec.array();
        JsonArrayBuilder calls = JsonCodec.array();
        boolean marked = false;
        boolean called = false;
        String refusal = null;
        for (Part part : turn.parts()) {
            if (part instanceof Text t) {
                text.append(t.text());
                texts.add(text(t));
                marked |= t.cache() != null;
            } else if (part instanceof ToolCall call) {
                String id = ToolCallIds.forCaller(call.id(), call.signature(), called ? List.of() : turn.thinking());
                written.put(call.id(), id);
                calls.add(marked(JsonCodec.object().add("id", id).add("type", "function")
                        .add("function", JsonCodec.object().add("name", call.name()).add("arguments", call.arguments())),
                        call.cache()));
                called = true;
            } else if (part instanceof Refusal r) {
                refusal = r.text();
            }
        }
        JsonObjectBuilder message = JsonCodec.object().add("role", "assistant");
        message = marked ? message.add("content", texts) : message.add("content", text.toString());
        if (called) {
            message.add("tool_calls", calls);
        }
        return (refusal == null ? message : message.add("refusal", refusal)).build();
    }

    /** A turn's content: one plain text as a string, else its parts. */
    private static JsonObject content(JsonObjectBuilder message, Turn turn) {
        if (turn.parts().size() == 1 && turn.parts().get(0) instanceof Text t && t.cache() == null) {
            return message.add("content", t.text()).build();
        }
        JsonArrayBuilder parts = JsonCodec.array();
        for (Part part : turn.parts()) {
            JsonObject written = part(part);
            if (written != null) {
                parts.add(written);
            }
        }
        return message.add("content", parts).build();
    }

    private static JsonObject part(Part part) {
        if (part instanceof Text t) {
            return text(t);
        } else if (part instanceof Image image) {
            JsonObjectBuilder url = JsonCodec.object().add("url", image.url());
            return marked(JsonCodec.object().add("type", "image_url")
                    .add("image_url", image.detail() == null ? url : url.add("detail", image.detail())), image.cache());
        } else if (part instanceof Audio audio) {
            return JsonCodec.object().add("type", "input_audio").add("input_audio", JsonCodec.object()
                    .add("data", audio.base64()).add("format", audio.format())).build();
        } else if (part instanceof File file) {
            JsonObjectBuilder f = JsonCodec.object();
            add(f, "filename", file.filename());
            add(f, "file_data", file.data());
            add(f, "file_id", file.fileId());
            return marked(JsonCodec.object().add("type", "file").add("file", f), file.cache());
        } else if (part instanceof Refusal r) {
            return JsonCodec.object().add("type", "refusal").add("refusal", r.text()).build();
        }
        return null;
    }

    private static JsonObject text(Text t) {
        return marked(JsonCodec.object().add("type", "text").add("text", t.text()), t.cache());
    }

    private static JsonObject marked(JsonObjectBuilder o, CacheMark mark) {
        return CacheMarks.mark(o, mark).build();
    }

    private static void add(JsonObjectBuilder o, String key, String value) {
        if (value != null) {
            o.add(key, value);
        }
    }
}
