package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.conversation.Conversation;
import dev.llmproxy.domain.conversation.File;
import dev.llmproxy.domain.conversation.Part;
import dev.llmproxy.domain.conversation.Turn;
import jakarta.json.JsonObject;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/**
 * A chat part's URL as the source of an Anthropic block: a {@code data:} URL as base64 (a plain-text document as its
 * text, the only form Anthropic takes it in), anything else by URL, which Anthropic fetches.
 */
final class AnthropicSources {

    private static final String PDF = "application/pdf";
    private static final String PLAIN = "text/plain";

    private AnthropicSources() {
    }

    /** An image part's source. */
    static JsonObject image(String url) {
        if (!url.startsWith("data:")) {
            return byUrl(url);
        }
        String mediaType = mediaType(url);
        return base64(mediaType.isEmpty() ? "image/png" : mediaType, data(url));
    }

    /**
     * A file part's source as a document: a PDF's bytes or URL, a plain text's text; null for a file Anthropic reads
     * no document from.
     */
    static JsonObject document(String url) {
        if (!url.startsWith("data:")) {
            return url.startsWith("https://") || url.startsWith("http://") ? byUrl(url) : null;
        }
        String mediaType = mediaType(url);
        if (mediaType.equals(PDF)) {
            return base64(PDF, data(url));
        }
        if (!mediaType.equals(PLAIN)) {
            return null;
        }
        String data = data(url);
        String text;
        try {
            // a data URL's text is base64, or percent-escaped where '+' is itself (not a form's space)
            text = url.substring(0, Math.max(0, url.indexOf(','))).endsWith(";base64")
                    ? new String(Base64.getDecoder().decode(data.replaceAll("\\s", "")), StandardCharsets.UTF_8)
                    : URLDecoder.decode(data.replace("+", "%2B"), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException unreadable) {
            return null;
        }
        return JsonCodec.object().add("type", "text").add("media_type", PLAIN).add("data", text).build();
    }

    /**
     * The first file part of a chat request Claude reads no document from (another kind than a PDF or a plain text,
     * or text that cannot be decoded), or null when there is none: such a request cannot go to Claude as it is.
     */
    static String unreadableFile(Conversation conversation) {
        for (Turn turn : conversation.turns()) {
            for (Part part : turn.parts()) {
                if (part instanceof File file && file.data() != null && document(file.data()) == null) {
                    return file.filename() == null ? "a file" : file.filename();
                }
            }
        }
        return null;
    }

    private static String mediaType(String url) {
        int comma = url.indexOf(',');
        String meta = comma < 0 ? "" : url.substring(5, comma);
        return meta.contains(";") ? meta.substring(0, meta.indexOf(';')) : meta;
    }

    private static String data(String url) {
        int comma = url.indexOf(',');
        return comma < 0 ? "" : url.substring(comma + 1);
    }

    private static JsonObject base64(String mediaType, String data) {
        return JsonCodec.object().add("type", "base64").add("media_type", mediaType).add("data", data).build();
    }

    private static JsonObject byUrl(String url) {
        return JsonCodec.object().add("type", "url").add("url", url).build();
    }
}
