package dev.llmproxy.infrastructure.upstream.bedrock;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.application.proxy.CacheMarks;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A Messages request in Bedrock's Converse words. Converse holds a conversation as the Messages API does (alternating
 * turns of blocks, tool results in the user's turn, Claude's signed thinking handed back first), only spelt
 * differently, so the request is first made as for Anthropic and then renamed block by block: one translation of a
 * chat request's turns, not two. A cache breakpoint becomes a {@code cachePoint} after what it marks; Claude's own
 * options (thinking, its effort, {@code top_k}) travel in {@code additionalModelRequestFields}, and only to Claude.
 */
final class ConverseRequests {

    private static final JsonObject CACHE_POINT = JsonCodec.object()
            .add("cachePoint", JsonCodec.object().add("type", "default")).build();
    private static final JsonObject EMPTY = JsonValue.EMPTY_JSON_OBJECT;

    private ConverseRequests() {
    }

    /** @param claude whether the model is Claude (which reads Anthropic's own options) */
    static JsonObject from(JsonObject messages, boolean claude) {
        JsonObjectBuilder out = JsonCodec.object();
        JsonArray system = system(messages.get("system"));
        if (!system.isEmpty()) {
            out.add("system", system);
        }
        JsonArrayBuilder turns = JsonCodec.array();
        for (JsonValue v : messages.getJsonArray("messages")) {
            JsonObject turn = (JsonObject) v;
            turns.add(JsonCodec.object().add("role", turn.getString("role"))
                    .add("content", blocks(turn.get("content"))));
        }
        out.add("messages", turns);
        JsonObjectBuilder inference = JsonCodec.object().add("maxTokens", messages.getInt("max_tokens"));
        copy(messages, "temperature", inference, "temperature");
        copy(messages, "top_p", inference, "topP");
        copy(messages, "stop_sequences", inference, "stopSequences");
        out.add("inferenceConfig", inference);
        if (messages.get("tools") instanceof JsonArray tools && (!none(messages.get("tool_choice"))
                || messages.getJsonArray("messages").toString().contains("\"tool_use_id\""))) {
            out.add("toolConfig", toolConfig(tools, messages.get("tool_choice")));
        }
        if (claude) {
            JsonObjectBuilder extra = JsonCodec.object();
            copy(messages, "thinking", extra, "thinking");
            copy(messages, "output_config", extra, "output_config");
            copy(messages, "top_k", extra, "top_k");
            JsonObject fields = extra.build();
            if (!fields.isEmpty()) {
                out.add("additionalModelRequestFields", fields);
            }
        }
        return out.build();
    }

    private static JsonArray system(JsonValue system) {
        JsonArrayBuilder out = JsonCodec.array();
        if (system instanceof JsonString text) {
            out.add(JsonCodec.object().add("text", text));
        } else if (system instanceof JsonArray blocks) {
            for (JsonValue v : blocks) {
                JsonObject block = (JsonObject) v;
                out.add(JsonCodec.object().add("text", block.getString("text", "")));
                if (block.containsKey(CacheMarks.FIELD)) {
                    out.add(CACHE_POINT);
                }
            }
        }
        return out.build();
    }

    private static JsonArray blocks(JsonValue content) {
        JsonArrayBuilder out = JsonCodec.array();
        if (content instanceof JsonString text) {
            out.add(JsonCodec.object().add("text", text));
            return out.build();
        }
        for (JsonValue v : (JsonArray) content) {
            JsonObject block = (JsonObject) v;
            out.add(switch (block.getString("type", "")) {
                case "image" -> image(block.getJsonObject("source"));
                case "document" -> document(block.getJsonObject("source"));
                case "tool_use" -> JsonCodec.object().add("toolUse", JsonCodec.object()
                        .add("toolUseId", block.getString("id")).add("name", block.getString("name"))
                        .add("input", block.get("input"))).build();
                case "tool_result" -> JsonCodec.object().add("toolResult", JsonCodec.object()
                        .add("toolUseId", block.getString("tool_use_id"))
                        .add("content", JsonCodec.array().add(result(block.get("content"))))).build();
                case "thinking" -> reasoning(JsonCodec.object().add("reasoningText", JsonCodec.object()
                        .add("text", block.getString("thinking", "")).add("signature", block.getString("signature", ""))));
                case "redacted_thinking" -> reasoning(JsonCodec.object().add("redactedContent", block.getString("data", "")));
                default -> JsonCodec.object().add("text", block.getString("text", "")).build();
            });
            if (block.containsKey(CacheMarks.FIELD)) {
                out.add(CACHE_POINT);
            }
        }
        return out.build();
    }

    /** A tool's result as text; an empty one as an empty JSON object, since Converse refuses a blank text block. */
    private static JsonObject result(JsonValue content) {
        String text = content instanceof JsonString s ? s.getString() : content == null ? "" : content.toString();
        return text.isBlank() ? JsonCodec.object().add("json", EMPTY).build() : JsonCodec.object().add("text", text).build();
    }

    private static JsonObject reasoning(JsonObjectBuilder content) {
        return JsonCodec.object().add("reasoningContent", content).build();
    }

    /** An image is sent as its bytes (Converse takes no URL: see {@link BedrockWire#unsendable}). */
    private static JsonObject image(JsonObject source) {
        String mediaType = source.getString("media_type", "image/png");
        String format = mediaType.substring(mediaType.indexOf('/') + 1);
        return JsonCodec.object().add("image", JsonCodec.object().add("format", format.equals("jpg") ? "jpeg" : format)
                .add("source", JsonCodec.object().add("bytes", source.getString("data", "")))).build();
    }

    /**
     * A document as its bytes, named by them: Converse wants a name (letters, digits, single spaces, hyphens,
     * brackets), unique in the request, and takes no URL (see {@link BedrockWire#unsendable}).
     */
    private static JsonObject document(JsonObject source) {
        boolean pdf = "base64".equals(source.getString("type", ""));
        String data = source.getString("data", "");
        String bytes = pdf ? data : Base64.getEncoder().encodeToString(data.getBytes(StandardCharsets.UTF_8));
        return JsonCodec.object().add("document", JsonCodec.object().add("format", pdf ? "pdf" : "txt")
                .add("name", "document-" + Integer.toHexString(data.hashCode()))
                .add("source", JsonCodec.object().add("bytes", bytes))).build();
    }

    private static JsonObject toolConfig(JsonArray tools, JsonValue choice) {
        JsonArrayBuilder specs = JsonCodec.array();
        for (JsonValue v : tools) {
            JsonObject tool = (JsonObject) v;
            JsonObjectBuilder spec = JsonCodec.object().add("name", tool.getString("name"))
                    .add("inputSchema", JsonCodec.object().add("json", tool.get("input_schema")));
            if (tool.get("description") instanceof JsonString d) {
                spec.add("description", d);
            }
            specs.add(JsonCodec.object().add("toolSpec", spec));
            if (tool.containsKey(CacheMarks.FIELD)) {
                specs.add(CACHE_POINT);
            }
        }
        JsonObjectBuilder config = JsonCodec.object().add("tools", specs);
        String type = choice instanceof JsonObject c ? c.getString("type", "auto") : "auto";
        switch (type) {
            case "any" -> config.add("toolChoice", JsonCodec.object().add("any", EMPTY));
            case "tool" -> config.add("toolChoice", JsonCodec.object().add("tool", JsonCodec.object()
                    .add("name", ((JsonObject) choice).getString("name", ""))));
            // Converse has no "none": the tools are left out, unless earlier turns used them (Converse then
            // wants them declared) and the model chooses
            default -> config.add("toolChoice", JsonCodec.object().add("auto", EMPTY));
        }
        return config.build();
    }

    private static boolean none(JsonValue choice) {
        return choice instanceof JsonObject c && "none".equals(c.getString("type", ""));
    }

    private static void copy(JsonObject from, String key, JsonObjectBuilder to, String as) {
        JsonValue v = from.get(key);
        if (v != null) {
            to.add(as, v);
        }
    }
}
