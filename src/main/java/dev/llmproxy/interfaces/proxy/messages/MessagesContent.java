package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.CarriedThinking;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.HashMap;
import java.util.Map;

/**
 * Anthropic turns as chat messages. A user turn's {@code tool_result} blocks become {@code tool} messages, ahead of
 * what else the turn says; an assistant turn's {@code tool_use} blocks become its {@code tool_calls}; text and image
 * blocks become content parts. Signed thinking sent back before tool calls travels with the first of them (see
 * {@link CarriedThinking}), so that Claude sees it again and keeps thinking through a tool loop; other thinking is
 * the answering model's own business and is not forwarded: another model in the chain could not read it. Cache
 * marks stay on their blocks ({@link CacheMarks}).
 */
final class MessagesContent {

    private MessagesContent() {
    }

    static void messages(JsonValue value, JsonArrayBuilder out) {
        if (!(value instanceof JsonArray messages) || messages.isEmpty()) {
            throw MessagesRequests.bad("messages", "'messages' is required: a non-empty list of messages.");
        }
        Map<String, String> carrying = new HashMap<>(); // a call's id as sent -> the id carrying its thinking
        for (int i = 0; i < messages.size(); i++) {
            String at = "messages[" + i + "]";
            if (!(messages.get(i) instanceof JsonObject m)) {
                throw MessagesRequests.bad(at, "'" + at + "' must be an object.");
            }
            String role = m.get("role") instanceof JsonString r ? r.getString() : null;
            JsonValue content = m.get("content");
            if (!"user".equals(role) && !"assistant".equals(role)) {
                throw MessagesRequests.bad(at + ".role", "'" + at + ".role' must be user or assistant (the system "
                        + "prompt goes in 'system').");
            }
            if (content instanceof JsonString text) {
                out.add(JsonCodec.object().add("role", role).add("content", text));
            } else if (content instanceof JsonArray blocks) {
                if ("user".equals(role)) {
                    user(blocks, at, out, carrying);
                } else {
                    assistant(blocks, at, out, carrying);
                }
            } else {
                throw MessagesRequests.bad(at + ".content", "'" + at + ".content' must be a string or a list of "
                        + "content blocks.");
            }
        }
    }

    private static void user(JsonArray blocks, String at, JsonArrayBuilder out, Map<String, String> carrying) {
        JsonArrayBuilder parts = JsonCodec.array();
        int partCount = 0;
        for (int j = 0; j < blocks.size(); j++) {
            String where = at + ".content[" + j + "]";
            JsonObject b = block(blocks.get(j), where);
            switch (b.getString("type")) {
                case "tool_result" -> out.add(toolResult(b, where, carrying));
                case "text" -> {
                    parts.add(CacheMarks.copy(b, JsonCodec.object().add("type", "text").add("text", text(b, where))));
                    partCount++;
                }
                case "image" -> {
                    parts.add(CacheMarks.copy(b, JsonCodec.object(image(b, where))));
                    partCount++;
                }
                default -> throw unsupported(b, where);
            }
        }
        if (partCount > 0) {
            out.add(JsonCodec.object().add("role", "user").add("content", parts));
        }
    }

    private static void assistant(JsonArray blocks, String at, JsonArrayBuilder out, Map<String, String> carrying) {
        JsonArrayBuilder texts = JsonCodec.array();
        StringBuilder text = new StringBuilder();
        boolean marked = false;
        JsonArrayBuilder calls = JsonCodec.array();
        JsonArrayBuilder signed = JsonCodec.array();
        int callCount = 0;
        for (int j = 0; j < blocks.size(); j++) {
            String where = at + ".content[" + j + "]";
            JsonObject b = block(blocks.get(j), where);
            switch (b.getString("type")) {
                case "text" -> {
                    text.append(text(b, where));
                    texts.add(CacheMarks.copy(b, JsonCodec.object().add("type", "text").add("text", text(b, where))));
                    marked |= CacheMarks.of(b) != null;
                }
                case "thinking", "redacted_thinking" -> {
                    // signed thinking travels with the first tool call, for Claude to see again; the rest is not
                    // forwarded (see the class comment)
                    if (CarriedThinking.isThinking(b) && !"".equals(b.getString("signature", null))) {
                        signed.add(b);
                    }
                }
                case "tool_use" -> {
                    JsonObject call = toolUse(b, where);
                    if (callCount == 0) {
                        String id = CarriedThinking.carry(call.getString("id"), signed.build());
                        carrying.put(call.getString("id"), id); // its result must name it the same way
                        call = JsonCodec.object(call).add("id", id).build();
                    }
                    calls.add(CacheMarks.copy(b, JsonCodec.object(call)));
                    callCount++;
                }
                default -> throw unsupported(b, where);
            }
        }
        // text as one string, as chat answers have it; as its parts when the caller marked one for the cache
        JsonObjectBuilder message = JsonCodec.object().add("role", "assistant");
        if (marked) {
            message.add("content", texts);
        } else {
            message.add("content", text.toString());
        }
        out.add(callCount == 0 ? message : message.add("tool_calls", calls));
    }

    private static JsonObject toolUse(JsonObject b, String where) {
        if (!(b.get("id") instanceof JsonString id) || !(b.get("name") instanceof JsonString name)) {
            throw MessagesRequests.bad(where, "'" + where + "' (tool_use) needs an 'id' and a 'name'.");
        }
        if (!(b.get("input") instanceof JsonObject input)) {
            throw MessagesRequests.bad(where + ".input", "'" + where + ".input' must be an object.");
        }
        return JsonCodec.object().add("id", id).add("type", "function").add("function", JsonCodec.object()
                .add("name", name).add("arguments", JsonCodec.writeText(input))).build();
    }

    private static JsonObject toolResult(JsonObject b, String where, Map<String, String> carrying) {
        if (!(b.get("tool_use_id") instanceof JsonString id)) {
            throw MessagesRequests.bad(where + ".tool_use_id", "'" + where + ".tool_use_id' is required.");
        }
        JsonValue content = b.get("content");
        JsonObject mark = CacheMarks.of(b);
        String text;
        if (content == null || content.getValueType() == JsonValue.ValueType.NULL) {
            text = "";
        } else if (content instanceof JsonString s) {
            text = s.getString();
        } else if (content instanceof JsonArray parts) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < parts.size(); k++) {
                JsonObject part = block(parts.get(k), where + ".content[" + k + "]");
                if (!"text".equals(part.getString("type"))) {
                    throw MessagesRequests.bad(where + ".content[" + k + "]", "Tool results may hold text only; '"
                            + where + ".content[" + k + "]' is " + part.getString("type") + ".");
                }
                sb.append(text(part, where + ".content[" + k + "]"));
                mark = CacheMarks.of(part) != null ? CacheMarks.of(part) : mark; // Anthropic takes it on the result
            }
            text = sb.toString();
        } else {
            throw MessagesRequests.bad(where + ".content", "'" + where + ".content' must be a string or text blocks.");
        }
        if (b.get("is_error") == JsonValue.TRUE) {
            text = "Error: " + text; // chat tool messages have no error flag: the model reads it in the text
        }
        JsonObjectBuilder message = JsonCodec.object().add("role", "tool").add("tool_call_id",
                carrying.getOrDefault(id.getString(), id.getString()));
        if (mark == null) {
            return message.add("content", text).build();
        }
        // a marked result is a marked text part, which keeps the mark on its way to the answering provider
        return message.add("content", JsonCodec.array().add(JsonCodec.object().add("type", "text").add("text", text)
                .add(CacheMarks.FIELD, mark))).build();
    }

    private static JsonObject image(JsonObject b, String where) {
        if (!(b.get("source") instanceof JsonObject source) || !(source.get("type") instanceof JsonString type)) {
            throw MessagesRequests.bad(where + ".source", "'" + where + ".source' must say its type: base64 or url.");
        }
        String url;
        if ("base64".equals(type.getString()) && source.get("media_type") instanceof JsonString media
                && source.get("data") instanceof JsonString data) {
            url = "data:" + media.getString() + ";base64," + data.getString();
        } else if ("url".equals(type.getString()) && source.get("url") instanceof JsonString u) {
            url = u.getString();
        } else {
            throw MessagesRequests.bad(where + ".source", "'" + where + ".source' must be base64 (with media_type "
                    + "and data) or url (with url).");
        }
        return JsonCodec.object().add("type", "image_url").add("image_url", JsonCodec.object().add("url", url))
                .build();
    }

    private static JsonObject block(JsonValue value, String where) {
        if (!(value instanceof JsonObject b) || !(b.get("type") instanceof JsonString)) {
            throw MessagesRequests.bad(where, "'" + where + "' must be a content block with a 'type'.");
        }
        return b;
    }

    private static String text(JsonObject b, String where) {
        if (!(b.get("text") instanceof JsonString t)) {
            throw MessagesRequests.bad(where + ".text", "'" + where + ".text' must be a string.");
        }
        return t.getString();
    }

    private static RuntimeException unsupported(JsonObject b, String where) {
        return MessagesRequests.bad(where + ".type", "Content blocks of type '" + b.getString("type")
                + "' are not supported here ('" + where + "').");
    }
}
