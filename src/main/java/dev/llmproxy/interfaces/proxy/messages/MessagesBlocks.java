package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.domain.conversation.CacheMark;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.ToolCall;
import dev.llmproxy.domain.conversation.ToolResult;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * One Anthropic content block read as the conversation's part, or a 400 naming where it is and what is wrong with it:
 * a tool use as a tool call, a tool result as a tool turn's result, an image as an image, a document as the parts of
 * {@link MessagesDocuments}. An id that carries Gemini's thought signature (given to the caller with an earlier answer)
 * gives it up to the call.
 */
final class MessagesBlocks {

    private MessagesBlocks() {
    }

    static ToolCall toolUse(JsonObject b, String where) {
        if (!(b.get("id") instanceof JsonString id) || !(b.get("name") instanceof JsonString name)) {
            throw MessagesRequests.bad(where, "'" + where + "' (tool_use) needs an 'id' and a 'name'.");
        }
        if (!(b.get("input") instanceof JsonObject input)) {
            throw MessagesRequests.bad(where + ".input", "'" + where + ".input' must be an object.");
        }
        return new ToolCall(ToolCallIds.bare(id.getString()), name.getString(), JsonCodec.writeText(input),
                ToolCallIds.signatureOf(id.getString()), CacheMarks.typedOf(b));
    }

    /**
     * A tool result, its text as it is (an error said in the text: not every API's tool results have a flag for
     * it); its images and documents, which not every API's tool results can hold, added to {@code media}, the parts
     * of the user's turn that follows it.
     */
    static ToolResult toolResult(JsonObject b, String where, List<Part> media) {
        if (!(b.get("tool_use_id") instanceof JsonString id)) {
            throw MessagesRequests.bad(where + ".tool_use_id", "'" + where + ".tool_use_id' is required.");
        }
        JsonValue content = b.get("content");
        CacheMark mark = CacheMarks.typedOf(b);
        String text;
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
                    media.addAll(media(part, at, false)); // its mark goes on the result
                }
                mark = CacheMarks.typedOf(part) != null ? CacheMarks.typedOf(part) : mark; // Anthropic takes it there
            }
            text = sb.toString();
        } else {
            throw MessagesRequests.bad(where + ".content", "'" + where + ".content' must be a string or content "
                    + "blocks.");
        }
        if (b.get("is_error") == JsonValue.TRUE) {
            text = "Error: " + text; // the model reads it in the text
        }
        return new ToolResult(ToolCallIds.bare(id.getString()), null, text, mark);
    }

    /**
     * An image or a document block as parts.
     *
     * @param marked whether the block's cache mark goes on the last of them
     */
    static List<Part> media(JsonObject b, String where, boolean marked) {
        List<Part> parts = new ArrayList<>("image".equals(b.getString("type")) ? List.of(image(b, where))
                : MessagesDocuments.parts(b, where));
        int last = parts.size() - 1;
        CacheMark mark = CacheMarks.typedOf(b);
        if (marked && last >= 0 && mark != null) {
            parts.set(last, marked(parts.get(last), mark));
        }
        return parts;
    }

    private static Part marked(Part part, CacheMark mark) {
        if (part instanceof Text t) {
            return new Text(t.text(), mark);
        } else if (part instanceof Image i) {
            return new Image(i.url(), i.detail(), mark);
        } else if (part instanceof File f) {
            return new File(f.data(), f.fileId(), f.filename(), mark);
        }
        return part;
    }

    static Image image(JsonObject b, String where) {
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
        return new Image(url, null, null);
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
