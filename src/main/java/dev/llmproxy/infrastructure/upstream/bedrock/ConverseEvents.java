package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.anthropic.AnthropicChunks;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * One ConverseStream answer, each event (as {@link AwsEventStream} hands it on: {@code {"<event type>": payload}})
 * said as the Messages stream event it stands for and read by {@link AnthropicChunks}, so that Claude's thinking,
 * its signature and tool calls stream from Bedrock as they do from Anthropic. Converse opens a tool call's block
 * but not a text or thinking block: that start is said before its first delta. The stop reason comes before the
 * usage ({@code metadata}), which is where the answer ends; an exception event is Anthropic's error of that kind.
 * An InvokeModel stream (Claude in Anthropic's words) holds Anthropic's own events, each a {@code chunk} of base64,
 * read as they are.
 */
final class ConverseEvents implements ChatWire.StreamEvents {

    /** Bedrock's stream exceptions as the Anthropic error types that mean the same to the outcome table. */
    private static final Map<String, String> ERRORS = Map.of(
            "throttlingException", "rate_limit_error",
            "serviceUnavailableException", "overloaded_error",
            "validationException", "invalid_request_error");

    private final AnthropicChunks chunks;
    private final Set<Integer> open = new HashSet<>();

    ConverseEvents(String upstreamModel) {
        this.chunks = new AnthropicChunks(upstreamModel);
    }

    @Override
    public void translate(String data, ChatWire.Chunks out) {
        JsonObject event = AnswerBody.object(data);
        if (event == null || event.size() != 1) {
            out.text(data); // not an event: counted as malformed downstream
            return;
        }
        Map.Entry<String, JsonValue> only = event.entrySet().iterator().next();
        JsonObject payload = only.getValue() instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
        int index = payload.getInt("contentBlockIndex", -1);
        switch (only.getKey()) {
            case "chunk" -> chunks.translate(invoked(payload), out);
            case "messageStart" -> say(out, type("message_start").add("message", JsonCodec.object()
                    .add("usage", JsonValue.EMPTY_JSON_OBJECT)));
            case "contentBlockStart" -> {
                if (payload.get("start") instanceof JsonObject start && start.get("toolUse") instanceof JsonObject use) {
                    open(out, index, JsonCodec.object().add("type", "tool_use").add("id", use.getString("toolUseId", ""))
                            .add("name", use.getString("name", "")).add("input", JsonValue.EMPTY_JSON_OBJECT).build());
                }
            }
            case "contentBlockDelta" -> delta(out, index, payload.get("delta") instanceof JsonObject d ? d
                    : JsonValue.EMPTY_JSON_OBJECT);
            case "contentBlockStop" -> say(out, type("content_block_stop").add("index", index));
            case "messageStop" -> stopped(out, payload.getString("stopReason", ""));
            case "metadata" -> {
                say(out, type("message_delta").add("delta", JsonValue.EMPTY_JSON_OBJECT).add("usage",
                        ConverseAnswers.usage(payload.get("usage") instanceof JsonObject u ? u : JsonValue.EMPTY_JSON_OBJECT)));
                say(out, type("message_stop"));
            }
            default -> {
                if (only.getKey().endsWith("Exception")) {
                    error(out, ERRORS.getOrDefault(only.getKey(), "api_error"), only.getKey() + ": "
                            + payload.getString("message", ""));
                }
                // else an event type Bedrock may add: nothing a chat answer can hold
            }
        }
    }

    /** An InvokeModel stream's event: one of Anthropic's, in base64; what is not is left for the relay to refuse. */
    private static String invoked(JsonObject payload) {
        String bytes = payload.getString("bytes", "");
        try {
            return new String(Base64.getDecoder().decode(bytes), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException notBase64) {
            return bytes;
        }
    }

    private void delta(ChatWire.Chunks out, int index, JsonObject delta) {
        if (delta.get("text") instanceof JsonString text) {
            open(out, index, JsonCodec.object().add("type", "text").add("text", "").build());
            say(out, blockDelta(index, "text_delta", "text", text));
        } else if (delta.get("toolUse") instanceof JsonObject use) {
            say(out, blockDelta(index, "input_json_delta", "partial_json", JsonCodec.value(use.getString("input", ""))));
        } else if (delta.get("reasoningContent") instanceof JsonObject reasoning) {
            if (reasoning.get("redactedContent") instanceof JsonString data) {
                open(out, index, JsonCodec.object().add("type", "redacted_thinking").add("data", data).build());
                return;
            }
            open(out, index, JsonCodec.object().add("type", "thinking").add("thinking", "").build());
            if (reasoning.get("text") instanceof JsonString text) {
                say(out, blockDelta(index, "thinking_delta", "thinking", text));
            }
            if (reasoning.get("signature") instanceof JsonString signature) {
                say(out, blockDelta(index, "signature_delta", "signature", signature));
            }
        }
    }

    private void stopped(ChatWire.Chunks out, String stopReason) {
        if (ConverseAnswers.malformed(stopReason)) {
            error(out, "api_error", "the model's answer was malformed (" + stopReason + ")");
            return;
        }
        say(out, type("message_delta").add("delta", JsonCodec.object()
                .add("stop_reason", ConverseAnswers.stopReason(stopReason))));
    }

    /** Starts a block once: Converse may or may not have started it. */
    private void open(ChatWire.Chunks out, int index, JsonObject block) {
        if (open.add(index)) {
            say(out, type("content_block_start").add("index", index).add("content_block", block));
        }
    }

    private void error(ChatWire.Chunks out, String type, String message) {
        say(out, type("error").add("error", JsonCodec.object().add("type", type).add("message", message)));
    }

    private static JsonObjectBuilder blockDelta(int index, String type, String key, JsonString value) {
        return JsonCodec.object().add("type", "content_block_delta").add("index", index)
                .add("delta", JsonCodec.object().add("type", type).add(key, value));
    }

    private static JsonObjectBuilder type(String type) {
        return JsonCodec.object().add("type", type);
    }

    private void say(ChatWire.Chunks out, JsonObjectBuilder event) {
        chunks.translate(event.build(), out);
    }
}
