package dev.llmproxy.application.proxy;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

/**
 * How large a chat request's prompt is, as the caps and budgets count it: every character a provider reads as input,
 * not the messages' text alone. Tool calls' names and arguments, tool results, the tool definitions a request
 * carries (providers bill their schema as input) and images all count: an image as {@link #IMAGE_CHARS}, about what
 * the providers bill for a large one.
 */
final class PromptSize {

    /** An image counts as this many characters (1,600 tokens, what a megapixel image costs at the larger providers). */
    static final long IMAGE_CHARS = 3_200;

    private PromptSize() {
    }

    /** The characters of a chat request's input: messages, their tool calls and images, and its tools. */
    static long chars(JsonObject chat) {
        long n = 0;
        for (JsonValue m : chat.getJsonArray("messages")) {
            n += message(m);
        }
        return n + json(chat.get("tools")) + json(chat.get("functions"));
    }

    private static long message(JsonValue value) {
        if (!(value instanceof JsonObject m)) {
            return 0;
        }
        long n = content(m.get("content"));
        if (m.get("tool_calls") instanceof JsonArray calls) {
            for (JsonValue call : calls) {
                if (call instanceof JsonObject c && c.get("function") instanceof JsonObject f) {
                    n += text(f.get("name")) + text(f.get("arguments"));
                }
            }
        }
        if (m.get("function_call") instanceof JsonObject f) {
            n += text(f.get("name")) + text(f.get("arguments"));
        }
        return n;
    }

    private static long content(JsonValue content) {
        if (content instanceof JsonString s) {
            return s.getString().length();
        }
        long n = 0;
        if (content instanceof JsonArray parts) {
            for (JsonValue part : parts) {
                if (part instanceof JsonObject p) {
                    n += p.get("text") instanceof JsonString t ? t.getString().length()
                            : p.containsKey("image_url") || p.containsKey("input_audio") || p.containsKey("file")
                            ? IMAGE_CHARS : 0;
                }
            }
        }
        return n;
    }

    private static long text(JsonValue value) {
        return value instanceof JsonString s ? s.getString().length() : 0;
    }

    private static long json(JsonValue value) {
        return value == null || value.getValueType() == JsonValue.ValueType.NULL ? 0 : value.toString().length();
    }
}
