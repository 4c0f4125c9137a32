package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.Set;

/**
 * A Responses {@code input} as chat messages: a string is one user message; message items keep their role, their
 * text and image parts; an assistant turn's {@code function_call} items become its {@code tool_calls} and each
 * {@code function_call_output} a {@code tool} message. Reasoning items sent back are the answering model's own
 * business and are not forwarded, as another model of the chain could not read them.
 */
final class ResponsesItems {

    private static final Set<String> ROLES = Set.of("user", "system", "developer", "assistant");

    private ResponsesItems() {
    }

    static void input(JsonValue input, JsonArrayBuilder out) {
        if (input instanceof JsonString text) {
            out.add(JsonCodec.object().add("role", "user").add("content", text));
            return;
        }
        if (!(input instanceof JsonArray items) || items.isEmpty()) {
            throw ResponsesRequests.bad("input", "'input' is required: a string or a non-empty list of items.");
        }
        Turn turn = new Turn(out);
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
                    out.add(output(item, at));
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

    private static void message(JsonObject item, String at, Turn turn) {
        String role = item.get("role") instanceof JsonString r ? r.getString() : null;
        if (role == null || !ROLES.contains(role)) {
            throw ResponsesRequests.bad(at + ".role", "'" + at + ".role' must be user, system, developer or "
                    + "assistant.");
        }
        JsonValue content = item.get("content");
        if ("assistant".equals(role)) {
            turn.assistant(text(content, at));
            return;
        }
        turn.flush();
        JsonValue chatContent;
        if (content instanceof JsonString s) {
            chatContent = s;
        } else if (content instanceof JsonArray parts) {
            JsonArrayBuilder out = JsonCodec.array();
            for (int j = 0; j < parts.size(); j++) {
                out.add(part(parts.get(j), at + ".content[" + j + "]"));
            }
            chatContent = out.build();
        } else {
            throw ResponsesRequests.bad(at + ".content", "'" + at + ".content' must be a string or a list of parts.");
        }
        turn.out.add(JsonCodec.object().add("role", role).add("content", chatContent));
    }

    private static JsonObject part(JsonValue value, String at) {
        if (!(value instanceof JsonObject p) || !(p.get("type") instanceof JsonString type)) {
            throw ResponsesRequests.bad(at, "'" + at + "' must be a content part with a 'type'.");
        }
        return switch (type.getString()) {
            case "input_text", "output_text" -> JsonCodec.object().add("type", "text").add("text", string(p, "text", at))
                    .build();
            case "input_image" -> {
                if (!(p.get("image_url") instanceof JsonString url)) {
                    throw ResponsesRequests.bad(at + ".image_url", "'" + at + "' needs an 'image_url' (an http(s) or "
                            + "data: URL); uploaded files are not supported.");
                }
                JsonObjectBuilder image = JsonCodec.object().add("url", url);
                if (p.get("detail") instanceof JsonString detail) {
                    image.add("detail", detail);
                }
                yield JsonCodec.object().add("type", "image_url").add("image_url", image.build()).build();
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

    private static JsonObject functionCall(JsonObject item, String at) {
        return JsonCodec.object().add("id", string(item, "call_id", at)).add("type", "function")
                .add("function", JsonCodec.object().add("name", string(item, "name", at))
                        .add("arguments", string(item, "arguments", at))).build();
    }

    private static JsonObject output(JsonObject item, String at) {
        JsonValue output = item.get("output");
        String text = output instanceof JsonString s ? s.getString() : output instanceof JsonArray ? text(output, at)
                : null;
        if (text == null) {
            throw ResponsesRequests.bad(at + ".output", "'" + at + ".output' must be a string or text parts.");
        }
        return JsonCodec.object().add("role", "tool").add("tool_call_id", string(item, "call_id", at))
                .add("content", text).build();
    }

    private static String string(JsonObject o, String field, String at) {
        if (!(o.get(field) instanceof JsonString s)) {
            throw ResponsesRequests.bad(at + "." + field, "'" + at + "." + field + "' must be a string.");
        }
        return s.getString();
    }

    /** The assistant turn being gathered: its text and the function calls that follow it. */
    private static final class Turn {
        private final JsonArrayBuilder out;
        private String text;
        private JsonArrayBuilder calls;

        Turn(JsonArrayBuilder out) {
            this.out = out;
        }

        void assistant(String content) {
            flush();
            text = content;
        }

        void call(JsonObject call) {
            if (calls == null) {
                calls = JsonCodec.array();
            }
            calls.add(call);
        }

        void flush() {
            if (text == null && calls == null) {
                return;
            }
            JsonObjectBuilder m = JsonCodec.object().add("role", "assistant")
                    .add("content", text == null ? "" : text);
            if (calls != null) {
                m.add("tool_calls", calls);
            }
            out.add(m);
            text = null;
            calls = null;
        }
    }
}
