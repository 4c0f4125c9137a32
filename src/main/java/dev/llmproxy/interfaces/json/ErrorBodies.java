package dev.llmproxy.interfaces.json;

import dev.llmproxy.application.json.JsonCodec;
import dev.llmproxy.domain.failure.ProxyError;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** OpenAI-shaped error bodies: {@code {"error":{"message","type","code","param"}}}. */
public final class ErrorBodies {

    private ErrorBodies() {
    }

    public static JsonObject of(ProxyError error) {
        JsonObjectBuilder e = JsonCodec.object()
                .add("message", error.message())
                .add("type", ErrorWire.typeOf(error.kind()))
                .add("code", ErrorWire.codeOf(error.kind()));
        if (error.param() != null) {
            e.add("param", error.param());
        } else {
            e.addNull("param");
        }
        return JsonCodec.object().add("error", e).build();
    }
}
