package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Text;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.util.ArrayList;
import java.util.List;

/**
 * A document block as the conversation's parts, for the models that do not read the Messages API: a PDF, by its bytes or its URL,
 * as a file; a plain text, and a document given as content blocks, as the parts they hold. Its title,
 * context and citations are the Messages API's alone and reach Claude only, with the request as written. A file
 * uploaded to Anthropic is refused: it lives in an account the caller does not share with the proxy's models.
 */
final class MessagesDocuments {

    private MessagesDocuments() {
    }

    static List<Part> parts(JsonObject b, String where) {
        String at = where + ".source";
        if (!(b.get("source") instanceof JsonObject source) || !(source.get("type") instanceof JsonString type)) {
            throw MessagesRequests.bad(at, "'" + at + "' must say its type: base64, url, text or content.");
        }
        String name = b.get("title") instanceof JsonString t && !t.getString().isBlank() ? t.getString() : "document";
        return switch (type.getString()) {
            case "base64" -> {
                if (!"application/pdf".equals(source.getString("media_type", null))
                        || !(source.get("data") instanceof JsonString data)) {
                    throw MessagesRequests.bad(at, "'" + at + "' (base64) must be a PDF: media_type "
                            + "application/pdf, with its data.");
                }
                yield List.of(file(name, "data:application/pdf;base64," + data.getString()));
            }
            case "url" -> {
                if (!(source.get("url") instanceof JsonString url)) {
                    throw MessagesRequests.bad(at + ".url", "'" + at + ".url' is required.");
                }
                yield List.of(file(name, url.getString()));
            }
            case "text" -> {
                if (!(source.get("data") instanceof JsonString data)) {
                    throw MessagesRequests.bad(at + ".data", "'" + at + ".data' must be the document's text.");
                }
                yield List.of(text(data.getString()));
            }
            case "content" -> content(source, at);
            default -> throw MessagesRequests.bad(at + ".type", "'" + at + ".type' must be base64, url, text or "
                    + "content" + ("file".equals(type.getString()) ? ": a file uploaded to Anthropic cannot be read "
                    + "by the proxy's models" : "") + ".");
        };
    }

    private static List<Part> content(JsonObject source, String at) {
        if (source.get("content") instanceof JsonString text) {
            return List.of(text(text.getString()));
        }
        if (!(source.get("content") instanceof JsonArray blocks) || blocks.isEmpty()) {
            throw MessagesRequests.bad(at + ".content", "'" + at + ".content' must be a string or content blocks, "
                    + "at least one.");
        }
        List<Part> parts = new ArrayList<>();
        for (int i = 0; i < blocks.size(); i++) {
            String where = at + ".content[" + i + "]";
            JsonObject block = MessagesBlocks.block(blocks.get(i), where);
            switch (block.getString("type")) {
                case "text" -> parts.add(text(MessagesBlocks.text(block, where)));
                case "image" -> parts.add(MessagesBlocks.image(block, where));
                default -> throw MessagesBlocks.unsupported(block, where);
            }
        }
        return parts;
    }

    private static Part file(String name, String data) {
        return new File(data, null, name, null);
    }

    private static Part text(String text) {
        return new Text(text);
    }
}
