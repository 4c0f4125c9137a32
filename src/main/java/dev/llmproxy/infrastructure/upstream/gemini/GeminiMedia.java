package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.util.Locale;

/** One OpenAI content part as a Gemini part: text, images (inline data or a file URI), audio and files. */
final class GeminiMedia {

    private GeminiMedia() {
    }

    /** @return the Gemini part, or null when Gemini has no form for it */
    static JsonObject part(JsonObject p) {
        String type = p.getString("type", "text");
        return switch (type) {
            case "text" -> p.get("text") instanceof JsonString t ? GeminiContents.text(t.getString()) : null;
            case "image_url" -> {
                String url = p.get("image_url") instanceof JsonObject o ? o.getString("url", null)
                        : p.get("image_url") instanceof JsonString s ? s.getString() : null;
                yield url == null ? null : url(url);
            }
            case "input_audio" -> p.get("input_audio") instanceof JsonObject a && a.get("data") instanceof JsonString d
                    ? inline("audio/" + a.getString("format", "wav").toLowerCase(Locale.ROOT), d.getString()) : null;
            case "file" -> p.get("file") instanceof JsonObject f && f.get("file_data") instanceof JsonString d
                    ? url(d.getString()) : null;
            default -> null;
        };
    }

    /** A {@code data:} URL goes inline; any other URL is handed to Gemini as a file to fetch. */
    private static JsonObject url(String url) {
        if (url.startsWith("data:")) {
            int comma = url.indexOf(',');
            int semi = url.indexOf(';');
            if (comma < 0) {
                return null;
            }
            String mime = url.substring(5, semi > 0 && semi < comma ? semi : comma);
            return inline(mime.isEmpty() ? "application/octet-stream" : mime, url.substring(comma + 1));
        }
        return JsonCodec.object().add("fileData", JsonCodec.object().add("fileUri", url)).build();
    }

    private static JsonObject inline(String mime, String base64) {
        return JsonCodec.object().add("inlineData", JsonCodec.object().add("mimeType", mime).add("data", base64)).build();
    }
}
