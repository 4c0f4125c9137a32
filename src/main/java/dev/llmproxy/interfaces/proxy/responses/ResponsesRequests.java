package dev.llmproxy.interfaces.proxy.responses;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.ChatConversation;
import dev.llmproxy.application.proxy.ChatMessages;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.catalog.ReasoningEffort;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.Turn;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.interfaces.proxy.translation.ChatParts;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;

/**
 * An OpenAI Responses request read as the proxy's chat request: its turns as the typed conversation
 * ({@code instructions} first, then the conversation a {@code previous_response_id} continues, then {@code input}),
 * from which chat's form is written once; function tools, {@code tool_choice}, {@code text.format}
 * as {@code response_format}, {@code reasoning.effort}, {@code max_output_tokens}. Built-in tools are refused by name.
 */
final class ResponsesRequests {

    /** What a request asks for, beside the chat request it becomes. */
    record Read(ChatRequest chat, JsonObject request, String previousResponseId, boolean store) {
    }

    private ResponsesRequests() {
    }

    /**
     * @param earlier the chat messages of the conversation {@code previous_response_id} names (empty when none)
     */
    static Read read(JsonObject in, List<JsonValue> earlier) {
        JsonObjectBuilder chat = JsonCodec.object();
        if (in.containsKey("model")) {
            chat.add("model", in.get("model"));
        }
        if (in.containsKey("stream")) {
            chat.add("stream", in.get("stream"));
        }
        List<Turn> turns = new ArrayList<>();
        if (in.get("instructions") instanceof JsonString instructions && !instructions.getString().isEmpty()) {
            turns.add(new Turn(Role.SYSTEM, List.of(new Text(instructions.getString()))));
        } else if (in.containsKey("instructions") && in.get("instructions").getValueType() != JsonValue.ValueType.NULL) {
            throw bad("instructions", "'instructions' must be a string.");
        }
        turns.addAll(ChatConversation.read(earlier).turns());
        ResponsesItems.input(in.get("input"), turns);
        Conversation conversation = new Conversation(turns);
        chat.add("messages", ChatMessages.write(conversation));
        whole(in, chat, "max_output_tokens", "max_tokens");
        ChatParts.number(in, chat, "temperature");
        ChatParts.number(in, chat, "top_p");
        if (in.get("user") instanceof JsonString user) {
            chat.add("user", user);
        }
        JsonValue parallel = in.get("parallel_tool_calls");
        if (parallel == JsonValue.TRUE || parallel == JsonValue.FALSE) {
            chat.add("parallel_tool_calls", parallel);
        }
        ResponsesTools.translate(in, chat);
        format(in.get("text"), chat);
        if (in.get("reasoning") instanceof JsonObject reasoning && reasoning.get("effort") instanceof JsonString e) {
            if (!ReasoningEffort.ALL.contains(e.getString())) {
                throw bad("reasoning.effort", "'reasoning.effort' must be one of " + ReasoningEffort.listed() + ".");
            }
            chat.add("reasoning_effort", e);
        }
        if (in.get("stream") == JsonValue.TRUE) {
            chat.add("stream_options", JsonCodec.object().add("include_usage", true));
        }
        String previous = null;
        if (in.get("previous_response_id") instanceof JsonString p) {
            previous = p.getString();
        }
        boolean store = in.get("store") != JsonValue.FALSE;
        metadata(in.get("metadata"));
        return new Read(ChatRequest.validated(chat.build(), FrontDoor.RESPONSES).withConversation(conversation), in,
                previous, store);
    }

    /**
     * {@code metadata} within OpenAI's own limits (16 pairs, keys up to 64 characters, string values up to 512): it is
     * echoed in every answer and kept with a stored response, so an unbounded one would make storage nearly free.
     */
    private static void metadata(JsonValue metadata) {
        if (metadata == null || metadata.getValueType() == JsonValue.ValueType.NULL) {
            return;
        }
        if (!(metadata instanceof JsonObject pairs) || pairs.size() > 16) {
            throw bad("metadata", "'metadata' must be an object of at most 16 pairs.");
        }
        for (var pair : pairs.entrySet()) {
            boolean fits = pair.getKey().length() <= 64 && pair.getValue() instanceof JsonString v
                    && v.getString().length() <= 512;
            if (!fits) {
                throw bad("metadata", "'metadata' keys may have at most 64 characters and its values must be strings "
                        + "of at most 512.");
            }
        }
    }

    /** {@code text.format} as chat's {@code response_format}. */
    private static void format(JsonValue text, JsonObjectBuilder chat) {
        if (!(text instanceof JsonObject t) || !(t.get("format") instanceof JsonObject format)) {
            return;
        }
        String type = format.get("type") instanceof JsonString s ? s.getString() : "";
        switch (type) {
            case "text" -> {
                // the default
            }
            case "json_object" -> chat.add("response_format", JsonCodec.object().add("type", "json_object"));
            case "json_schema" -> {
                if (!(format.get("name") instanceof JsonString name) || !(format.get("schema") instanceof JsonObject)) {
                    throw bad("text.format", "'text.format' of type json_schema needs a 'name' and a 'schema'.");
                }
                JsonObjectBuilder schema = JsonCodec.object().add("name", name).add("schema", format.get("schema"));
                for (String field : new String[] {"strict", "description"}) {
                    if (format.containsKey(field)) {
                        schema.add(field, format.get(field));
                    }
                }
                chat.add("response_format", JsonCodec.object().add("type", "json_schema").add("json_schema", schema));
            }
            default -> throw bad("text.format.type", "'text.format.type' must be text, json_object or json_schema.");
        }
    }

    private static void whole(JsonObject in, JsonObjectBuilder out, String field, String as) {
        JsonValue v = in.get(field);
        if (v == null || v.getValueType() == JsonValue.ValueType.NULL) {
            return;
        }
        if (!(v instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < 1) {
            throw bad(field, "'" + field + "' must be a whole number of at least 1.");
        }
        out.add(as, v);
    }

    static ProxyException bad(String param, String message) {
        return ChatParts.bad(param, message);
    }
}
