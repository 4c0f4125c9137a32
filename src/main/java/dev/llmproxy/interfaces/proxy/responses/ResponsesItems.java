package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.proxy.ToolCallIds;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Part;
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
import java.util.Map;

/**
 * A Responses {@code input} as the conversation's turns: a string is one user turn; message items keep their role,
 * their text and image parts; an assistant turn's {@code function_call} items become its tool calls and each
 * {@code function_call_output} a tool turn. Reasoning items sent back are the answering model's own business and are
 * not forwarded, as another model of the chain could not read them. A call id that carries Gemini's thought signature
 * (given to the caller with an earlier answer) gives it up to the call.
 */
final class ResponsesItems {

    private static final Map<String, Role> ROLES = Map.of("user", Role.USER, "system", Role.SYSTEM,
            "developer", Role.DEVELOPER, "assistant", Role.ASSISTANT);

    private ResponsesItems() {
    }

    static void input(JsonValue input, List<Turn> out) {
        if (input instanceof JsonString text) {
            out.add(new Turn(Role.USER, List.of(new Text(text.getString()))));
            return;
        }
        if (!(input instanceof JsonArray items) || items.isEmpty()) {
            throw ResponsesRequests.bad("input", "'input' is required: a string or a non-empty list of items.");
        }
        Assistant turn = new Assistant(out);
        for (int i = 0; i < items.size(); i++) {
            String at = "input[" + i + "]";
            if (!(items.get(i) instanceof JsonObject item)) {
                throw ResponsesRequests.bad(at, "'" + at + "' must be an object.");
            }
            String type = item.get("type") instanceof JsonString t ? t.getString() : "message";
            switch (type) {
                case "message" -> message(item, at, turn);
                case "function_call" -> turn.call(functionCall(item, at));
                case "function_call_output" -> {
                    turn.flush();
                    out.add(new Turn(Role.TOOL, List.of(output(item, at))));
                }
                case "reasoning" -> {
                    // not forwarded (see the class comment)
                }
                case "item_reference" -> throw ResponsesRequests.bad(at, "'" + at + "' is an item reference; "
                        + "continue a stored response with previous_response_id instead.");
                default -> throw ResponsesRequests.bad(at + ".type", "Input items of type '" + type + "' are not "
                        + "supported ('" + at + "').");
            }
        }
        turn.flush();
    }

    private static void message(JsonObject item, String at, Assistant turn) {
        Role role = item.get("role") instanceof JsonString r ? ROLES.get(r.getString()) : null;
        if (role == null) {
            throw ResponsesRequests.bad(at + ".role", "'" + at + ".role' must be user, system, developer or "
                    + "assistant.");
        }
        JsonValue content = item.get("content");
        if (role == Role.ASSISTANT) {
            turn.assistant(text(content, at));
            return;
        }
        turn.flush();
        List<Part> parts = new ArrayList<>();
        if (content instanceof JsonString s) {
            parts.add(new Text(s.getString()));
        } else if (content instanceof JsonArray list) {
            for (int j = 0; j < list.size(); j++) {
                parts.add(part(list.get(j), at + ".content[" + j + "]"));
            }
        } else {
            throw ResponsesRequests.bad(at + ".content", "'" + at + ".content' must be a string or a list of parts.");
        }
        turn.out.add(new Turn(role, parts));
    }

    private static Part part(JsonValue value, String at) {
        if (!(value instanceof JsonObject p) || !(p.get("type") instanceof JsonString type)) {
            throw ResponsesRequests.bad(at, "'" + at + "' must be a content part with a 'type'.");
        }
        return switch (type.getString()) {
            case "input_text", "output_text" -> new Text(string(p, "text", at));
            case "input_image" -> {
                if (!(p.get("image_url") instanceof JsonString url)) {
                    throw ResponsesRequests.bad(at + ".image_url", "'" + at + "' needs an 'image_url' (an http(s) or "
                            + "data: URL); uploaded files are not supported.");
                }
                yield new Image(url.getString(), p.get("detail") instanceof JsonString d ? d.getString() : null, null);
            }
            default -> throw ResponsesRequests.bad(at + ".type", "Content parts of type '" + type.getString()
                    + "' are not supported ('" + at + "').");
        };
    }

    /** An assistant turn's text: a string, or its output_text (and refusal) parts joined. */
    private static String text(JsonValue content, String at) {
        if (content instanceof JsonString s) {
            return s.getString();
        }
        if (!(content instanceof JsonArray parts)) {
            throw ResponsesRequests.bad(at + ".content", "'" + at + ".content' must be a string or a list of parts.");
        }
        StringBuilder sb = new StringBuilder();
        for (int j = 0; j < parts.size(); j++) {
            String where = at + ".content[" + j + "]";
            if (!(parts.get(j) instanceof JsonObject p)) {
                throw ResponsesRequests.bad(where, "'" + where + "' must be a content part.");
            }
            sb.append(p.get("refusal") instanceof JsonString r ? r.getString() : string(p, "text", where));
        }
        return sb.toString();
    }

    private static ToolCall functionCall(JsonObject item, String at) {
        String id = string(item, "call_id", at);
        return new ToolCall(ToolCallIds.bare(id), string(item, "name", at), string(item, "arguments", at),
                ToolCallIds.signatureOf(id));
    }

    private static ToolResult output(JsonObject item, String at) {
        JsonValue output = item.get("output");
        String text = output instanceof JsonString s ? s.getString() : output instanceof JsonArray ? text(output, at)
                : null;
        if (text == null) {
            throw ResponsesRequests.bad(at + ".output", "'" + at + ".output' must be a string or text parts.");
        }
        return new ToolResult(ToolCallIds.bare(string(item, "call_id", at)), null, text, null);
    }

    private static String string(JsonObject o, String field, String at) {
        if (!(o.get(field) instanceof JsonString s)) {
            throw ResponsesRequests.bad(at + "." + field, "'" + at + "." + field + "' must be a string.");
        }
        return s.getString();
    }

    /** The assistant turn being gathered: its text and the function calls that follow it. */
    private static final class Assistant {
        private final List<Turn> out;
        private String text;
        private List<Part> calls;

        Assistant(List<Turn> out) {
            this.out = out;
        }

        void assistant(String content) {
            flush();
            text = content;
        }

        void call(ToolCall call) {
            if (calls == null) {
                calls = new ArrayList<>();
            }
            calls.add(call);
        }

        void flush() {
            if (text == null && calls == null) {
                return;
            }
            List<Part> parts = new ArrayList<>();
            if (text != null && !text.isEmpty()) {
                parts.add(new Text(text));
            }
            if (calls != null) {
                parts.addAll(calls);
            }
            out.add(new Turn(Role.ASSISTANT, parts));
            text = null;
            calls = null;
        }
    }
}
