package dev.llmproxy.infrastructure.upstream.anthropic;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonObject;

/** An OpenAI image part's URL as Anthropic's image source: a {@code data:} URL as base64, anything else by URL. */
final class AnthropicImages {

    private AnthropicImages() {
    }

    static JsonObject source(String url) {
        if (url.startsWith("data:")) {
            int comma = url.indexOf(',');
            String meta = comma < 0 ? "" : url.substring(5, comma);
            String mediaType = meta.contains(";") ? meta.substring(0, meta.indexOf(';')) : meta;
            return JsonCodec.object().add("type", "base64").add("media_type", mediaType.isEmpty() ? "image/png" : mediaType)
                    .add("data", comma < 0 ? "" : url.substring(comma + 1)).build();
        }
        return JsonCodec.object().add("type", "url").add("url", url).build();
    }
}
