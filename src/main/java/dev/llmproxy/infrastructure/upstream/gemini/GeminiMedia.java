package dev.llmproxy.infrastructure.upstream.gemini;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.Audio;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Image;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Text;
import jakarta.json.JsonObject;

import java.util.Locale;

/** One part of a turn's content as a Gemini part: text, images (inline data or a file URI), audio and files. */
final class GeminiMedia {

    private GeminiMedia() {
    }

    /** @return the Gemini part, or null when Gemini has no form for it */
    static JsonObject part(Part part) {
        if (part instanceof Text t) {
            return t.text().isEmpty() ? null : text(t.text());
        } else if (part instanceof Image image) {
            return url(image.url());
        } else if (part instanceof Audio audio) {
            return inline("audio/" + audio.format().toLowerCase(Locale.ROOT), audio.base64());
        } else if (part instanceof File file && file.data() != null) {
            return url(file.data());
        }
        return null;
    }

    static JsonObject text(String text) {
        return JsonCodec.object().add("text", text).build();
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
