package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One Anthropic content block read as its chat form, or a 400 naming where it is and what is wrong with it: a tool
 * use as a tool call, a tool result as a {@code tool} message, an image as an {@code image_url} part, a document as
 * the parts of {@link MessagesDocuments}.
 */
final class MessagesBlocks {

    private MessagesBlocks() {
    }

    static JsonObject toolUse(JsonObject b, String where) {
        if (!(b.get("id") instanceof JsonString id) || !(b.get("name") instanceof JsonString name)) {
            throw MessagesRequests.bad(where, "'" + where + "' (tool_use) needs an 'id' and a 'name'.");
        }
        if (!(b.get("input") instanceof JsonObject input)) {
            throw MessagesRequests.bad(where + ".input", "'" + where + ".input' must be an object.");
        }
        return JsonCodec.object().add("id", id).add("type", "function").add("function", JsonCodec.object()
                .add("name", name).add("arguments", JsonCodec.writeText(input))).build();
    }

    /**
     * A tool result as a {@code tool} message in {@code messages}, its text as it is (an error said in the text:
     * chat's tool messages have no flag for it); its images and documents, which chat's tool messages cannot hold,
     * as parts of the user message that follows it.
     *
     * @return how many parts it added to {@code media}
     */
    static int toolResult(JsonObject b, String where, Map<String, String> carrying, JsonArrayBuilder messages,
                          JsonArrayBuilder media) {
        if (!(b.get("tool_use_id") instanceof JsonString id)) {
            throw MessagesRequests.bad(where + ".tool_use_id", "'" + where + ".tool_use_id' is required.");
        }
        JsonValue content = b.get("content");
        JsonObject mark = CacheMarks.of(b);
        String text;
        int added = 0;
        if (content == null || content.getValueType() == JsonValue.ValueType.NULL) {
            text = "";
        } else if (content instanceof JsonString s) {
            text = s.getString();
        } else if (content instanceof JsonArray parts) {
            StringBuilder sb = new StringBuilder();
            for (int k = 0; k < parts.size(); k++) {
                String at = where + ".content[" + k + "]";
                JsonObject part = block(parts.get(k), at);
                if ("text".equals(part.getString("type"))) {
                    sb.append(text(part, at));
                } else if (!"image".equals(part.getString("type")) && !"document".equals(part.getString("type"))) {
                    throw MessagesRequests.bad(at, "Tool results may hold text, images and documents; '" + at
                            + "' is " + part.getString("type") + ".");
                } else {
                    for (JsonObject p : media(part, at, false)) { // its mark goes on the result
                        media.add(p);
                        added++;
                    }
                }
                mark = CacheMarks.of(part) != null ? CacheMarks.of(part) : mark; // Anthropic takes it on the result
            }
            text = sb.toString();
        } else {
            throw MessagesRequests.bad(where + ".content", "'" + where + ".content' must be a string or content "
                    + "blocks.");
        }
        if (b.get("is_error") == JsonValue.TRUE) {
            text = "Error: " + text; // chat tool messages have no error flag: the model reads it in the text
        }
        JsonObjectBuilder message = JsonCodec.object().add("role", "tool").add("tool_call_id",
                carrying.getOrDefault(id.getString(), id.getString()));
        if (mark == null) {
            messages.add(message.add("content", text));
        } else {
            // a marked result is a marked text part, which keeps the mark on its way to the answering provider
            messages.add(message.add("content", JsonCodec.array().add(JsonCodec.object().add("type", "text")
                    .add("text", text).add(CacheMarks.FIELD, mark))));
        }
        return added;
    }

    /**
     * An image or a document block as chat's parts.
     *
     * @param marked whether the block's cache mark goes on the last of them
     */
    static List<JsonObject> media(JsonObject b, String where, boolean marked) {
        List<JsonObject> parts = new ArrayList<>("image".equals(b.getString("type")) ? List.of(image(b, where))
                : MessagesDocuments.parts(b, where));
        int last = parts.size() - 1;
        if (marked && last >= 0) {
            parts.set(last, CacheMarks.copy(b, JsonCodec.object(parts.get(last))).build());
        }
        return parts;
    }

    static JsonObject image(JsonObject b, String where) {
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

    static JsonObject block(JsonValue value, String where) {
        if (!(value instanceof JsonObject b) || !(b.get("type") instanceof JsonString)) {
            throw MessagesRequests.bad(where, "'" + where + "' must be a content block with a 'type'.");
        }
        return b;
    }

    static String text(JsonObject b, String where) {
        if (!(b.get("text") instanceof JsonString t)) {
            throw MessagesRequests.bad(where + ".text", "'" + where + ".text' must be a string.");
        }
        return t.getString();
    }

    static RuntimeException unsupported(JsonObject b, String where) {
        return MessagesRequests.bad(where + ".type", "Content blocks of type '" + b.getString("type")
                + "' are not supported here ('" + where + "').");
    }
}
