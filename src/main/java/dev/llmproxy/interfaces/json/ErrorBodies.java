package dev.llmproxy.interfaces.json;

import dev.llmproxy.domain.routing.ProxyError;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;

/** OpenAI-shaped error bodies: {@code {"error":{"message","type","code","param"}}}. */
public final class ErrorBodies {

    private ErrorBodies() {
    }

    public static JsonObject of(ProxyError error) {
        JsonObjectBuilder e = Json.createObjectBuilder()
                .add("message", error.message())
                .add("type", error.kind().type())
                .add("code", error.kind().code());
        if (error.param() != null) {
            e.add("param", error.param());
        } else {
            e.addNull("param");
        }
        return Json.createObjectBuilder().add("error", e).build();
    }
}
