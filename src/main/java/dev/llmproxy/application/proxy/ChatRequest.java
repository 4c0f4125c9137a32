package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.catalog.ReasoningEffort;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.log.FrontDoor;
import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.Set;

/**
 * A validated OpenAI chat completions request. Fields the proxy does not interpret (temperature, tools...) are
 * kept and forwarded as they came, when they are fields it forwards at all ({@link ForwardedFields}). Another front
 * door's request becomes one of these by translation.
 *
 * @param door      the API the request came through
 * @param operation what it asks for: a chat answer, or vectors
 * @param sampling  how the answer is to be drawn; by default as the chat body asks it
 * @param tools     the functions the model may call, and how; by default as the chat body offers them
 * @param format    the form of the answer; by default as the chat body asks it
 * @param asWritten the request as another API wrote it, for a provider of that API; null for chat's own
 * @param conversation the messages as the door read them, typed; null when they are read from the chat body (the
 *                  chat door's own), when a wire asks
 */
public record ChatRequest(JsonObject body, String model, boolean stream, FrontDoor door, Operation operation,
                          Sampling sampling, Tools tools, ResponseFormat format, AsWritten asWritten,
                          Conversation conversation) {

    public ChatRequest {
        boolean chat = operation == Operation.CHAT;
        sampling = sampling != null ? sampling : ChatSampling.of(body);
        tools = tools != null ? tools : chat ? ToolsReader.read(body) : Tools.NONE;
        format = format != null ? format : chat ? ResponseFormat.read(body) : ResponseFormat.TEXT;
    }

    public ChatRequest(JsonObject body, String model, boolean stream, FrontDoor door, Operation operation) {
        this(body, model, stream, door, operation, null, null, null, null, null);
    }

    public ChatRequest(JsonObject body, String model, boolean stream, FrontDoor door) {
        this(body, model, stream, door, Operation.CHAT);
    }

    public ChatRequest(JsonObject body, String model, boolean stream) {
        this(body, model, stream, FrontDoor.CHAT);
    }

    private static final Set<String> ROLES = Set.of("system", "developer", "user", "assistant", "tool", "function");

    /** A caller's chat completions request: only fields the proxy forwards ({@link ForwardedFields#CHAT}). */
    public static ChatRequest parse(byte[] bytes) {
        ChatRequest request = validated(CallerBody.object(bytes), FrontDoor.CHAT);
        ForwardedFields.CHAT.check(request.body());
        return request;
    }

    /**
     * A chat request, checked as chat completions check it. Another front door's translation is checked too, so that
     * a translation's slip is a clear 400, never a malformed upstream call.
     *
     * @param door the API the request came through
     */
    public static ChatRequest validated(JsonObject body, FrontDoor door) {
        JsonValue model = body.get("model");
        if (!(model instanceof JsonString ms) || ms.getString().isBlank()) {
            throw CallerBody.bad("model", "'model' is required: a tier name or an allowlisted model.");
        }
        validateMessages(body.get("messages"));
        JsonValue effort = body.get("reasoning_effort");
        if (effort != null && effort.getValueType() != JsonValue.ValueType.NULL
                && !(effort instanceof JsonString e && ReasoningEffort.ALL.contains(e.getString()))) {
            throw CallerBody.bad("reasoning_effort", "'reasoning_effort' must be one of " + ReasoningEffort.listed() + ".");
        }
        AskedReasoning.check(body);
        boolean stream = false;
        JsonValue s = body.get("stream");
        if (s != null && s.getValueType() != JsonValue.ValueType.NULL) {
            if (s.getValueType() != JsonValue.ValueType.TRUE && s.getValueType() != JsonValue.ValueType.FALSE) {
                throw CallerBody.bad("stream", "'stream' must be true or false.");
            }
            stream = s.getValueType() == JsonValue.ValueType.TRUE;
        }
        return new ChatRequest(body, ms.getString(), stream, door);
    }

    /** The same request, drawn as {@code asked}: what its API asked that chat's form has no place for. */
    public ChatRequest withSampling(Sampling asked) {
        return new ChatRequest(body, model, stream, door, operation, asked, tools, format, asWritten, conversation);
    }

    /** The same request, with the caller's body as its door's API wrote it. */
    public ChatRequest writtenAs(JsonObject written) {
        return new ChatRequest(body, model, stream, door, operation, sampling, tools, format,
                new AsWritten(door, written), conversation);
    }

    /** The same request, with its messages as the door read them (the chat body holds them as chat writes them). */
    public ChatRequest withConversation(Conversation read) {
        return new ChatRequest(body, model, stream, door, operation, sampling, tools, format, asWritten, read);
    }

    /** Whether the caller asked for a usage chunk at the end of the stream ({@code stream_options.include_usage}). */
    public boolean includeUsage() {
        return body.get("stream_options") instanceof JsonObject o && o.get("include_usage") == JsonValue.TRUE;
    }

    /** Whether the request asks for vectors rather than a chat answer. */
    public boolean embeddings() {
        return operation == Operation.EMBEDDINGS;
    }

    /**
     * Whether the same request should get the same answer, so that an answer to it may be given again: vectors, or a
     * chat asked at temperature 0 or with a seed.
     */
    public boolean deterministic() {
        return embeddings() || sampling.temperature() != null && sampling.temperature() == 0
                || body.get("seed") instanceof JsonNumber seed && seed.isIntegral();
    }

    /**
     * The prompt's size as the caller sent it: characters of all message content, tool calls and tool definitions,
     * images at a fixed size ({@link PromptSize}); of the inputs, for vectors.
     */
    public long promptChars() {
        return operation.chars(body);
    }

    /**
     * The prompt tokens reserved against budgets before the call: for a chat, one per two characters of the prompt
     * (real text is rarely denser) and eight per message for its framing. Settling corrects it to what the provider
     * counted.
     */
    public long promptTokenEstimate() {
        return operation.tokenEstimate(body);
    }

    /**
     * The caller's output allowance ({@code max_completion_tokens}, else {@code max_tokens}; 0 for vectors), or null.
     */
    public Integer maxTokens() {
        return operation.maxTokens(body);
    }

    /**
     * The start of the last user message (of the first text to embed), for the request log when auditors are to see
     * prompts; null when none.
     */
    public String promptExcerpt(int maxChars) {
        if (maxChars <= 0) {
            return null;
        }
        String shown = operation.shownText(body);
        return shown == null || shown.length() <= maxChars ? shown : shown.substring(0, maxChars);
    }

    private static void validateMessages(JsonValue value) {
        if (!(value instanceof JsonArray messages) || messages.isEmpty()) {
            throw CallerBody.bad("messages", "'messages' is required: a non-empty list of messages.");
        }
        for (int i = 0; i < messages.size(); i++) {
            String at = "messages[" + i + "]";
            if (!(messages.get(i) instanceof JsonObject m)) {
                throw CallerBody.bad(at, "'" + at + "' must be an object.");
            }
            if (!(m.get("role") instanceof JsonString role) || !ROLES.contains(role.getString())) {
                throw CallerBody.bad(at + ".role", "'" + at + ".role' must be one of " + String.join(", ", ROLES.stream().sorted().toList()) + ".");
            }
            JsonValue content = m.get("content");
            boolean assistantWithoutContent = "assistant".equals(role.getString())
                    && (content == null || content.getValueType() == JsonValue.ValueType.NULL);
            if (!assistantWithoutContent && !(content instanceof JsonString) && !(content instanceof JsonArray)) {
                throw CallerBody.bad(at + ".content", "'" + at + ".content' must be a string or a list of content parts.");
            }
        }
    }
}
