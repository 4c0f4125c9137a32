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
 * what else the turn says (with the images and documents of their results, which chat's tool messages cannot hold);
 * an assistant turn's {@code tool_use} blocks become its {@code tool_calls}; text, image and document blocks become
 * content parts. Signed thinking sent back before tool calls travels with the first of them (see
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
            JsonObject b = MessagesBlocks.block(blocks.get(j), where);
            switch (b.getString("type")) {
                case "tool_result" -> partCount += MessagesBlocks.toolResult(b, where, carrying, out, parts);
                case "text" -> {
                    parts.add(CacheMarks.copy(b, JsonCodec.object().add("type", "text")
                            .add("text", MessagesBlocks.text(b, where))));
                    partCount++;
                }
                case "image", "document" -> {
                    MessagesBlocks.media(b, where, true).forEach(parts::add);
                    partCount++;
                }
                default -> throw MessagesBlocks.unsupported(b, where);
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
            JsonObject b = MessagesBlocks.block(blocks.get(j), where);
            switch (b.getString("type")) {
                case "text" -> {
                    text.append(MessagesBlocks.text(b, where));
                    texts.add(CacheMarks.copy(b, JsonCodec.object().add("type", "text")
                            .add("text", MessagesBlocks.text(b, where))));
                    marked |= CacheMarks.of(b) != null;
                }
                case "thinking", "redacted_thinking" -> {
                    // signed thinking travels with the first tool call, for Claude to see again; the rest is not
                    // forwarded (see the class comment)
                    if (CarriedThinking.sentBack(b)) {
                        signed.add(b);
                    }
                }
                case "tool_use" -> {
                    JsonObject call = MessagesBlocks.toolUse(b, where);
                    if (callCount == 0) {
                        String id = CarriedThinking.carry(call.getString("id"), signed.build());
                        carrying.put(call.getString("id"), id); // its result must name it the same way
                        call = JsonCodec.object(call).add("id", id).build();
                    }
                    calls.add(CacheMarks.copy(b, JsonCodec.object(call)));
                    callCount++;
                }
                default -> throw MessagesBlocks.unsupported(b, where);
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
}
