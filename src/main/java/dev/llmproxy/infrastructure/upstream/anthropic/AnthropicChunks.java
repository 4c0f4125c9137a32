package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.domain.answer.Finish;
import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.answer.Sent;
import dev.llmproxy.domain.conversation.Thinking;
import dev.llmproxy.domain.streaming.DeltaParts;
import dev.llmproxy.domain.streaming.SentEvent;
import dev.llmproxy.domain.streaming.ToolFragment;
import dev.llmproxy.infrastructure.upstream.ChatWire;
import dev.llmproxy.infrastructure.upstream.StreamChunk;
import dev.llmproxy.infrastructure.upstream.body.AnswerBody;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One streamed Messages answer, read: text, thinking (each block's signature and each redacted block as Claude sends
 * them) and tool-call pieces as they come, the first call with the signed thinking that led to it; the finish reason
 * and usage only at {@code message_stop}, so that a stream which ends without it is a cut, not a finished answer.
 * {@code ping} is nothing at all (no content, no first token); an {@code error} event is an error with the status its
 * type stands for.
 */
public final class AnthropicChunks implements ChatWire.StreamEvents {

    private final Map<Integer, Integer> toolIndexByBlock = new HashMap<>();
    /** The signed thinking so far, by block index, to travel with the first tool call. */
    private final Map<Integer, StreamedThought> thinkingByBlock = new LinkedHashMap<>();
    private String id;
    private String model;
    private JsonObject usage = JsonValue.EMPTY_JSON_OBJECT;
    private String stopReason;

    public AnthropicChunks(String upstreamModel) {
        this.model = upstreamModel;
    }

    @Override
    public void translate(String data, ChatWire.Chunks out) {
        JsonObject event = AnswerBody.object(data);
        if (event == null) {
            out.text(data); // not an event: counted as malformed downstream
            return;
        }
        out.sent(new SentEvent(Sent.Dialect.MESSAGES, event.getString("type", ""), event.getInt("index", -1), data));
        translate(event, out);
    }

    /** One event built from another API's event that says the same: not Claude's as it came. */
    public void translate(JsonObject event, ChatWire.Chunks out) {
        switch (event.getString("type", "")) {
            case "message_start" -> started(event);
            case "content_block_start" -> blockStarted(event, out);
            case "content_block_delta" -> delta(event, out);
            case "message_delta" -> {
                if (event.get("delta") instanceof JsonObject d && d.get("stop_reason") instanceof JsonString s) {
                    stopReason = s.getString();
                }
                if (event.get("usage") instanceof JsonObject u) {
                    usage = JsonCodec.object(usage).addAll(JsonCodec.object(u)).build();
                }
            }
            case "message_stop" -> {
                StreamChunk cost = StreamChunk.usage(id, model, AnthropicAnswers.usage(usage));
                Finish finish = AnthropicAnswers.finish(stopReason);
                boolean refused = finish.refused();
                if (refused) {
                    out.chunk(cost); // what a refusal cost first: before any content it ends the attempt
                }
                out.chunk(StreamChunk.delta(id, model, null, "", DeltaParts.NONE, finish));
                if (!refused) {
                    out.chunk(cost);
                }
            }
            case "error" -> out.chunk(error(event));
            default -> {
                // ping, content_block_stop, and event types Anthropic may add
            }
        }
    }

    private void started(JsonObject event) {
        if (event.get("message") instanceof JsonObject message) {
            id = message.get("id") instanceof JsonString s ? s.getString() : id;
            model = message.get("model") instanceof JsonString m && !m.getString().isBlank() ? m.getString() : model;
            if (message.get("usage") instanceof JsonObject u) {
                usage = u;
            }
        }
    }

    private void blockStarted(JsonObject event, ChatWire.Chunks out) {
        if (!(event.get("content_block") instanceof JsonObject block)) {
            return;
        }
        int at = event.getInt("index", -1);
        switch (block.getString("type", "")) {
            case "thinking" -> thinkingByBlock.put(at, new StreamedThought(null, block.getString("thinking", "")));
            case "redacted_thinking" -> {
                thinkingByBlock.put(at, new StreamedThought(block.getString("data", ""), ""));
                out.chunk(chunk("", DeltaParts.redacted(block.getString("data", ""), at)));
            }
            case "tool_use" -> toolStarted(at, block, out);
            default -> {
                // text starts with its first delta
            }
        }
    }

    private void toolStarted(int at, JsonObject block, ChatWire.Chunks out) {
        int index = toolIndexByBlock.size();
        toolIndexByBlock.put(at, index);
        out.chunk(chunk("", DeltaParts.toolCalls(List.of(new ToolFragment(index,
                AnthropicIds.fromAnthropic(block.getString("id", "")), block.getString("name", ""), "", null,
                index == 0 ? signedThinking() : List.of())))));
    }

    private void delta(JsonObject event, ChatWire.Chunks out) {
        if (!(event.get("delta") instanceof JsonObject d)) {
            return;
        }
        switch (d.getString("type", "")) {
            case "text_delta" -> out.chunk(chunk(d.getString("text", ""), DeltaParts.NONE));
            case "thinking_delta" -> {
                StreamedThought thought = thinkingByBlock.get(event.getInt("index", -1));
                if (thought != null) {
                    thought.append(d.getString("thinking", ""));
                }
                out.chunk(chunk("", DeltaParts.reasoning(d.getString("thinking", ""))));
            }
            case "signature_delta" -> {
                int at = event.getInt("index", -1);
                StreamedThought thought = thinkingByBlock.get(at);
                if (thought != null) {
                    thought.signed(d.getString("signature", ""));
                }
                out.chunk(chunk("", DeltaParts.signed(d.getString("signature", ""), at)));
            }
            case "input_json_delta" -> {
                Integer index = toolIndexByBlock.get(event.getInt("index", -1));
                if (index != null) {
                    out.chunk(chunk("", DeltaParts.toolCalls(List.of(new ToolFragment(index, "", "",
                            d.getString("partial_json", ""))))));
                }
            }
            default -> {
                // what Anthropic may add: nothing a chat answer can hold
            }
        }
    }

    /** The thinking blocks so far that a caller must hand back: each signed one with its whole text, redacted ones. */
    private List<Thinking> signedThinking() {
        return thinkingByBlock.values().stream().map(StreamedThought::block).filter(Objects::nonNull).toList();
    }

    private StreamChunk chunk(String text, DeltaParts parts) {
        return StreamChunk.delta(id, model, null, text, parts, null);
    }

    private static StreamChunk error(JsonObject event) {
        JsonObject error = event.get("error") instanceof JsonObject e ? e : JsonValue.EMPTY_JSON_OBJECT;
        int status = AnthropicErrors.statusOf(error.getString("type", ""));
        return StreamChunk.error(status == 529 ? 503 : status, error.getString("message", "the stream ended with an error"));
    }
}
