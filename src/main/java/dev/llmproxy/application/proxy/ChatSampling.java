package dev.llmproxy.application.proxy;

import dev.llmproxy.domain.upstream.Sampling;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;

import java.util.ArrayList;
import java.util.List;

/** How a chat request asks its answer to be drawn, read once from chat's form. */
public final class ChatSampling {

    private ChatSampling() {
    }

    /**
     * The sampling a chat request asks: numbers where chat has numbers, {@code stop} as a string or a list of them;
     * what is not of its type is left to the provider that takes the body as it came.
     */
    public static Sampling of(JsonObject chat) {
        List<String> stop = new ArrayList<>();
        if (chat.get("stop") instanceof JsonString one) {
            stop.add(one.getString());
        } else if (chat.get("stop") instanceof JsonArray many) {
            many.forEach(v -> {
                if (v instanceof JsonString s) {
                    stop.add(s.getString());
                }
            });
        }
        return new Sampling(number(chat, "temperature"), number(chat, "top_p"),
                chat.get("top_k") instanceof JsonNumber k && k.isIntegral() ? k.intValue() : null, stop);
    }

    private static Double number(JsonObject chat, String field) {
        return chat.get(field) instanceof JsonNumber n ? n.doubleValue() : null;
    }
}
