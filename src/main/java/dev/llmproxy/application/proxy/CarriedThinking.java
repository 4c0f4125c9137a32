package dev.llmproxy.application.proxy;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.Inflater;

/**
 * Claude's signed thinking, carried through a caller's tool loop in the chat form every request takes inside the
 * proxy. Anthropic keeps thinking on after tool results only when the assistant turn that made the calls comes back
 * starting with its thinking blocks (Anthropic's own JSON), unmodified and signed, and OpenAI's format has no place
 * for them. The first tool call's id does, as it does for Gemini's thought signature: callers echo ids verbatim. The
 * blocks travel compressed after a marker; the model's own id is the part before it. The Messages front door unpacks
 * them for its callers and packs what they send back; inside the proxy they are the turn's {@code Thinking} parts
 * ({@link ChatConversation} takes them out of the id).
 */
public final class CarriedThinking {

    private static final String MARKER = "__thinking__";
    private static final int MOST_INFLATED = 1 << 20;

    private CarriedThinking() {
    }

    /** Whether a content block is thinking a caller must hand back: signed thinking, or redacted thinking. */
    public static boolean isThinking(JsonObject block) {
        String type = block.getString("type", "");
        return (type.equals("thinking") && block.get("signature") != null) || type.equals("redacted_thinking");
    }

    /**
     * Whether a caller's block of thinking goes back to Claude: redacted thinking, or thinking with Claude's
     * signature; thinking with an empty one is another model's, which Claude could not check.
     */
    public static boolean sentBack(JsonObject block) {
        return "redacted_thinking".equals(block.getString("type", ""))
                || "thinking".equals(block.getString("type", "")) && !block.getString("signature", "").isEmpty();
    }

    /** The id for a tool call that carries {@code blocks} (the id as it is when there are none). */
    public static String carry(String id, JsonArray blocks) {
        if (blocks == null || blocks.isEmpty()) {
            return id;
        }
        Deflater deflater = new Deflater(Deflater.BEST_COMPRESSION);
        deflater.setInput(blocks.toString().getBytes(StandardCharsets.UTF_8));
        deflater.finish();
        ByteArrayOutputStream packed = new ByteArrayOutputStream();
        byte[] buffer = new byte[4096];
        while (!deflater.finished()) {
            packed.write(buffer, 0, deflater.deflate(buffer));
        }
        deflater.end();
        return id + MARKER + Base64.getUrlEncoder().withoutPadding().encodeToString(packed.toByteArray());
    }

    /** The id without what it carries: the id Anthropic minted. */
    public static String bare(String id) {
        int at = id == null ? -1 : id.indexOf(MARKER);
        return at < 0 ? id : id.substring(0, at);
    }

    /** The thinking blocks an id carries; empty when none, or when what it carries cannot be read. */
    public static JsonArray carried(String id) {
        int at = id == null ? -1 : id.indexOf(MARKER);
        if (at < 0) {
            return JsonValue.EMPTY_JSON_ARRAY;
        }
        Inflater inflater = new Inflater();
        try {
            inflater.setInput(Base64.getUrlDecoder().decode(id.substring(at + MARKER.length())));
            ByteArrayOutputStream json = new ByteArrayOutputStream();
            byte[] buffer = new byte[4096];
            while (!inflater.finished() && json.size() < MOST_INFLATED) {
                int n = inflater.inflate(buffer);
                if (n == 0 && (inflater.needsInput() || inflater.needsDictionary())) {
                    return JsonValue.EMPTY_JSON_ARRAY;
                }
                json.write(buffer, 0, n);
            }
            return JsonCodec.read(new String(json.toByteArray(), StandardCharsets.UTF_8)) instanceof JsonArray blocks
                    && blocks.stream().allMatch(b -> b instanceof JsonObject o && isThinking(o))
                    ? blocks : JsonValue.EMPTY_JSON_ARRAY;
        } catch (IllegalArgumentException | DataFormatException | JsonException unreadable) {
            return JsonValue.EMPTY_JSON_ARRAY; // a caller's edit: asked without thinking, as any foreign turn is
        } finally {
            inflater.end();
        }
    }
}
