package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.CacheMark;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.function.Function;

/**
 * Prompt-cache breakpoints in the chat form every request takes inside the proxy: a {@code cache_control} object on
 * a content part, a tool call or a tool, as OpenRouter and other gateways take them in OpenAI's format. The
 * Messages front door puts its callers' marks there; providers that cache by breakpoint (Anthropic, Bedrock,
 * OpenRouter) get them as they were set, and the others never see them: a mark is a hint about cost, never about
 * the answer, and strict OpenAI-compatible servers refuse the field.
 */
public final class CacheMarks {

    public static final String FIELD = "cache_control";

    private CacheMarks() {
    }

    /** {@code to} with {@code from}'s mark, when it has one. */
    public static JsonObjectBuilder copy(JsonObject from, JsonObjectBuilder to) {
        return from.get(FIELD) instanceof JsonObject mark ? to.add(FIELD, mark) : to;
    }

    /** The mark an object carries, or null. */
    public static JsonObject of(JsonObject o) {
        return o.get(FIELD) instanceof JsonObject mark ? mark : null;
    }

    /** The mark an object carries, as the typed conversation holds it; null for none. */
    public static CacheMark typedOf(JsonObject o) {
        JsonObject mark = of(o);
        return mark == null ? null : new CacheMark(mark.getString("type", "ephemeral"),
                mark.get("ttl") instanceof JsonString ttl ? ttl.getString() : null);
    }

    /** {@code to} with {@code mark} as its {@code cache_control}, when there is one. */
    public static JsonObjectBuilder mark(JsonObjectBuilder to, CacheMark mark) {
        return mark == null ? to : to.add(FIELD, json(mark));
    }

    /** A typed mark in its JSON form ({@code cache_control}'s value). */
    public static JsonObject json(CacheMark mark) {
        JsonObjectBuilder out = JsonCodec.object().add("type", mark.type());
        return (mark.ttl() == null ? out : out.add("ttl", mark.ttl())).build();
    }

    /** Whether the caller set any mark on the conversation or the tools. */
    public static boolean any(JsonObject chat) {
        if (chat.get("tools") instanceof JsonArray tools && anyIn(tools)) {
            return true;
        }
        if (chat.get("messages") instanceof JsonArray messages) {
            for (JsonValue v : messages) {
                if (v instanceof JsonObject m && ((m.get("content") instanceof JsonArray parts && anyIn(parts))
                        || (m.get("tool_calls") instanceof JsonArray calls && anyIn(calls)))) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The request without any mark; the same object when it has none (most requests). */
    public static JsonObject dropped(JsonObject chat) {
        if (!any(chat)) {
            return chat;
        }
        JsonObjectBuilder out = JsonCodec.object(chat);
        if (chat.get("tools") instanceof JsonArray tools) {
            out.add("tools", each(tools, CacheMarks::unmarked));
        }
        out.add("messages", each(chat.getJsonArray("messages"), m -> {
            JsonObjectBuilder message = JsonCodec.object(m);
            if (m.get("content") instanceof JsonArray parts) {
                message.add("content", each(parts, CacheMarks::unmarked));
            }
            if (m.get("tool_calls") instanceof JsonArray calls) {
                message.add("tool_calls", each(calls, CacheMarks::unmarked));
            }
            return message.build();
        }));
        return out.build();
    }

    private static boolean anyIn(JsonArray items) {
        for (JsonValue v : items) {
            if (v instanceof JsonObject o && o.containsKey(FIELD)) {
                return true;
            }
        }
        return false;
    }

    private static JsonArray each(JsonArray items, Function<JsonObject, JsonObject> change) {
        JsonArrayBuilder out = JsonCodec.array();
        for (JsonValue v : items) {
            out.add(v instanceof JsonObject o ? change.apply(o) : v);
        }
        return out.build();
    }

    private static JsonObject unmarked(JsonObject o) {
        return o.containsKey(FIELD) ? JsonCodec.object(o).remove(FIELD).build() : o;
    }
}
