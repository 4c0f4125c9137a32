package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.CarriedThinking;
import dev.llmproxy.application.proxy.ThinkingBlocks;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * Anthropic turns as the conversation's turns. A user turn's {@code tool_result} blocks become tool turns, ahead of
 * what else the turn says (with the images and documents of their results, which a tool turn does not hold in every
 * API); an assistant turn's {@code tool_use} blocks become its tool calls; text, image and document blocks become
 * parts. Signed thinking sent back before tool calls goes first in its turn, so that Claude sees it again and keeps
 * thinking through a tool loop; other thinking is the answering model's own business and is not forwarded: another
 * model in the chain could not read it. Cache marks stay on their parts.
 */
final class MessagesContent {

    private MessagesContent() {
    }

    static List<Turn> turns(JsonValue value) {
        if (!(value instanceof JsonArray messages) || messages.isEmpty()) {
            throw MessagesRequests.bad("messages", "'messages' is required: a non-empty list of messages.");
        }
        List<Turn> out = new ArrayList<>();
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
            boolean user = "user".equals(role);
            if (content instanceof JsonString text) {
                out.add(new Turn(user ? Role.USER : Role.ASSISTANT, List.of(new Text(text.getString()))));
            } else if (content instanceof JsonArray blocks) {
                if (user) {
                    user(blocks, at, out);
                } else {
                    out.add(assistant(blocks, at));
                }
            } else {
                throw MessagesRequests.bad(at + ".content", "'" + at + ".content' must be a string or a list of "
                        + "content blocks.");
            }
        }
        return out;
    }

    private static void user(JsonArray blocks, String at, List<Turn> out) {
        List<Part> parts = new ArrayList<>();
        for (int j = 0; j < blocks.size(); j++) {
            String where = at + ".content[" + j + "]";
            JsonObject b = MessagesBlocks.block(blocks.get(j), where);
            switch (b.getString("type")) {
                case "tool_result" -> out.add(new Turn(Role.TOOL, List.of(MessagesBlocks.toolResult(b, where, parts))));
                case "text" -> parts.add(new Text(MessagesBlocks.text(b, where), CacheMarks.typedOf(b)));
                case "image", "document" -> parts.addAll(MessagesBlocks.media(b, where, true));
                default -> throw MessagesBlocks.unsupported(b, where);
            }
        }
        if (!parts.isEmpty()) {
            out.add(new Turn(Role.USER, parts));
        }
    }

    private static Turn assistant(JsonArray blocks, String at) {
        List<Part> parts = new ArrayList<>();
        JsonArrayBuilder signed = JsonCodec.array();
        boolean called = false;
        for (int j = 0; j < blocks.size(); j++) {
            String where = at + ".content[" + j + "]";
            JsonObject b = MessagesBlocks.block(blocks.get(j), where);
            switch (b.getString("type")) {
                case "text" -> parts.add(new Text(MessagesBlocks.text(b, where), CacheMarks.typedOf(b)));
                case "thinking", "redacted_thinking" -> {
                    // signed thinking goes back with the calls it made, for Claude to see again; the rest is not
                    // forwarded (see the class comment)
                    if (CarriedThinking.sentBack(b)) {
                        signed.add(b);
                    }
                }
                case "tool_use" -> {
                    parts.add(MessagesBlocks.toolUse(b, where));
                    called = true;
                }
                default -> throw MessagesBlocks.unsupported(b, where);
            }
        }
        if (called) {
            parts.addAll(0, ThinkingBlocks.of(signed.build()));
        }
        return new Turn(Role.ASSISTANT, parts);
    }
}
