package dev.llmproxy.infrastructure.local;

import dev.llmproxy.application.json.JsonCodec;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashSet;
import java.util.Set;

/**
 * Asks a local Ollama whether it is there ({@code GET /api/version}) and what it holds ({@code GET /api/tags}),
 * each bounded by a short timeout: a server that does not answer at once is as good as absent for routing.
 */
final class OllamaProbe {

    /** What one check found. */
    record Found(boolean up, String version, Set<String> models) {
        static final Found DOWN = new Found(false, null, Set.of());
    }

    private final HttpClient http;
    private final URI base;
    private final Duration timeout;

    OllamaProbe(URI base, Duration timeout) {
        this.http = HttpClient.newBuilder().connectTimeout(timeout).version(HttpClient.Version.HTTP_1_1).build();
        this.base = URI.create(base.toString().endsWith("/") ? base.toString() : base + "/");
        this.timeout = timeout;
    }

    Found check() {
        try {
            JsonObject version = get("api/version");
            if (version == null) {
                return Found.DOWN;
            }
            Set<String> models = new HashSet<>();
            JsonObject tags = get("api/tags");
            if (tags != null && tags.get("models") instanceof JsonArray list) {
                for (JsonValue v : list) {
                    if (v instanceof JsonObject m && m.get("name") instanceof JsonString name) {
                        models.add(name.getString());
                    }
                }
            }
            return new Found(true, version.get("version") instanceof JsonString s ? s.getString() : null, models);
        } catch (IOException e) {
            return Found.DOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Found.DOWN;
        }
    }

    /** A 200 with a JSON object, else null. */
    private JsonObject get(String path) throws IOException, InterruptedException {
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(base.resolve(path)).timeout(timeout).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (r.statusCode() != 200) {
            return null;
        }
        try {
            return JsonCodec.read(r.body()) instanceof JsonObject o ? o : null;
        } catch (JsonException e) {
            return null;
        }
    }
}
