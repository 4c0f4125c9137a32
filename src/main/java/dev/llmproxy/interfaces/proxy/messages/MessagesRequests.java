package dev.llmproxy.interfaces.proxy.messages;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import dev.llmproxy.application.proxy.ChatMessages;
import dev.llmproxy.application.proxy.CallerBody;
import dev.llmproxy.application.proxy.ChatRequest;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Role;
import dev.llmproxy.domain.conversation.Text;
import dev.llmproxy.domain.conversation.Turn;
import dev.llmproxy.domain.failure.ProxyException;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.interfaces.proxy.translation.ChatParts;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * An Anthropic Messages request read as the proxy's chat request: its turns as the typed conversation ({@code system}
 * the first turn; blocks parts, tool calls and tool results), from which chat's form is written once;
 * {@code tools} and {@code tool_choice} their OpenAI forms, {@code stop_sequences} {@code stop}, {@code thinking} the
 * reasoning asked ({@link MessagesThinking}), {@code top_k} the request's typed sampling (chat has no place for it).
 * What cannot be served (server tools, MCP servers, containers) is a 400 that names it.
 */
public final class MessagesRequests {

    /** Fields that ask for something only Anthropic's own servers do. */
    private static final Set<String> REFUSED = Set.of("mcp_servers", "container");

    private MessagesRequests() {
    }

    public static ChatRequest read(byte[] bytes) {
        return read(CallerBody.object(bytes));
    }

    /**
     * A request to count the tokens of: as for {@link #read}, but {@code max_tokens} may be left out (Anthropic's
     * token counting takes no output allowance).
     */
    public static ChatRequest countable(byte[] bytes) {
        JsonObject in = CallerBody.object(bytes);
        return read(in.containsKey("max_tokens") ? in
                : JsonCodec.object(in).add("max_tokens", Integer.MAX_VALUE).build());
    }

    static ChatRequest read(JsonObject in) {
        for (String field : REFUSED) {
            if (in.containsKey(field)) {
                throw bad(field, "'" + field + "' is not supported: the proxy serves models through its own chains.");
            }
        }
        JsonObjectBuilder chat = JsonCodec.object();
        copy(in, chat, "model");
        copy(in, chat, "stream");
        int maxTokens = maxTokens(in);
        chat.add("max_tokens", maxTokens);
        List<Turn> turns = new ArrayList<>();
        system(in.get("system"), turns);
        turns.addAll(MessagesContent.turns(in.get("messages")));
        Conversation conversation = new Conversation(turns);
        chat.add("messages", ChatMessages.write(conversation)); // what reads chat's form reads it in this

        if (in.get("stop_sequences") instanceof JsonArray stops && !stops.isEmpty()) {
            for (int i = 0; i < stops.size(); i++) {
                if (!(stops.get(i) instanceof JsonString)) {
                    throw bad("stop_sequences", "'stop_sequences' must be a list of strings.");
                }
            }
            chat.add("stop", stops);
        }
        ChatParts.number(in, chat, "temperature");
        ChatParts.number(in, chat, "top_p");
        if (in.get("metadata") instanceof JsonObject meta && meta.get("user_id") instanceof JsonString user) {
            chat.add("user", user);
        }
        MessagesTools.translate(in, chat);
        MessagesThinking.add(in.get("thinking"), in.get("output_config"), maxTokens, chat);
        if (in.get("stream") == JsonValue.TRUE) {
            chat.add("stream_options", JsonCodec.object().add("include_usage", true));
        }
        // the request as written goes along, for Claude, which reads the Messages API's every field
        ChatRequest request = ChatRequest.validated(chat.build(), FrontDoor.MESSAGES).writtenAs(in)
                .withConversation(conversation);
        Integer topK = topK(in.get("top_k"));
        // chat's form has no top_k: it goes typed, to the wires whose models take it (Claude's, Gemini's)
        return topK == null ? request : request.withSampling(request.sampling().withTopK(topK));
    }

    private static Integer topK(JsonValue k) {
        if (k == null || k.getValueType() == JsonValue.ValueType.NULL) {
            return null;
        }
        if (!(k instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < 0) {
            throw bad("top_k", "'top_k' must be a whole number of at least 0.");
        }
        return (int) Math.min(Integer.MAX_VALUE, n.longValue());
    }

    private static int maxTokens(JsonObject in) {
        if (!(in.get("max_tokens") instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < 1) {
            throw bad("max_tokens", "'max_tokens' is required: the most tokens the answer may use, at least 1.");
        }
        return (int) Math.min(Integer.MAX_VALUE, n.longValue());
    }

    /** A string as a system turn; text blocks as its parts, each with its cache mark, as the caller split them. */
    private static void system(JsonValue system, List<Turn> turns) {
        if (system == null || system.getValueType() == JsonValue.ValueType.NULL) {
            return;
        }
        List<Part> parts = new ArrayList<>();
        if (system instanceof JsonString s) {
            parts.add(new Text(s.getString()));
        } else if (system instanceof JsonArray blocks) {
            for (int i = 0; i < blocks.size(); i++) {
                if (!(blocks.get(i) instanceof JsonObject b) || !"text".equals(b.getString("type", null))
                        || !(b.get("text") instanceof JsonString t)) {
                    throw bad("system[" + i + "]", "'system[" + i + "]' must be a text block.");
                }
                parts.add(new Text(t.getString(), CacheMarks.typedOf(b)));
            }
        } else {
            throw bad("system", "'system' must be a string or a list of text blocks.");
        }
        turns.add(new Turn(Role.SYSTEM, parts));
    }

    private static void copy(JsonObject in, JsonObjectBuilder out, String field) {
        if (in.containsKey(field)) {
            out.add(field, in.get(field));
        }
    }

    static ProxyException bad(String param, String message) {
        return ChatParts.bad(param, message);
    }
}
