package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.awaitility.Awaitility;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Objects;

/** Talks to the deployed proxy the way applications and admins do. */
final class ProxyClient {

    static final String BASE = "http://localhost:" + System.getProperty("it.http.port", "9180");
    private static final String ADMIN_AUTH = "Basic " + Base64.getEncoder().encodeToString(
            ("admin:" + System.getProperty("it.admin.password", "it-admin-secret")).getBytes(StandardCharsets.UTF_8));

    private final String base;

    /** The Arquillian test server. */
    ProxyClient() {
        this(BASE);
    }

    /** A proxy at {@code base} (another server, in the portability smoke tests). */
    ProxyClient(String base) {
        this.base = base;
    }

    String base() {
        return base;
    }

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    HttpResponse<String> chat(String model) {
        return post("/v1/chat/completions", chatBody(model));
    }

    HttpResponse<String> post(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    static String adminAuth() {
        return ADMIN_AUTH;
    }

    /** Any request; {@code headers} are name, value pairs. A null body sends none. */
    HttpResponse<String> send(String method, String path, String body, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path)).method(method,
                body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body));
        if (body != null) {
            b.header("Content-Type", "application/json");
        }
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    /** A form POST (application/x-www-form-urlencoded), as a browser sends it. */
    HttpResponse<String> sendForm(String path, String form, String... headers) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(base + path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form));
        for (int i = 0; i < headers.length; i += 2) {
            b.header(headers[i], headers[i + 1]);
        }
        return send(b);
    }

    /**
     * The bytes a raw-socket client sends for {@code POST /v1/chat/completions}: the head declaring
     * {@code contentLength}, then {@code body} (which may be shorter, to leave the body unfinished).
     */
    static byte[] rawChatPost(int contentLength, String body) {
        return ("POST /v1/chat/completions HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n"
                + "Content-Length: " + contentLength + "\r\n\r\n" + body).getBytes(StandardCharsets.UTF_8);
    }

    static String chatBody(String model) {
        return "{\"model\":\"" + model + "\",\"messages\":[{\"role\":\"user\",\"content\":\"hello\"}]}";
    }

    HttpResponse<String> get(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).GET());
    }

    HttpResponse<String> adminGet(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", ADMIN_AUTH).GET());
    }

    /** The request-log row of that request among the newest 50, or null while it is not written yet. */
    JsonObject loggedRow(String requestId) {
        return Json.createReader(new StringReader(adminGet("/admin/api/requests?limit=50").body())).readObject()
                .getJsonArray("data").getValuesAs(JsonObject.class).stream()
                .filter(o -> o.getString("requestId").equals(requestId)).findFirst().orElse(null);
    }

    /** Waits for the request's row to be written, and returns it. */
    JsonObject awaitLoggedRow(String requestId, Duration within) {
        return Awaitility.await().atMost(within).until(() -> loggedRow(requestId), Objects::nonNull);
    }

    HttpResponse<String> adminPost(String path) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", ADMIN_AUTH)
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    HttpResponse<String> adminPut(String path, String body) {
        return send(HttpRequest.newBuilder(URI.create(base + path)).header("Authorization", ADMIN_AUTH)
                .header("Content-Type", "application/json").PUT(HttpRequest.BodyPublishers.ofString(body)));
    }

    /** Replaces the proxy's configuration and fails the test if it is refused. */
    /**
     * Imports a config document. All tests share one server and one client address, so the IP flood bound is off
     * unless the document sets it (LimitsIT does, with a separate address per test through a trusted proxy).
     */
    void importConfig(String document) {
        JsonObject doc = Json.createReader(new StringReader(document)).readObject();
        JsonObject settings = doc.containsKey("settings") ? doc.getJsonObject("settings") : JsonValue.EMPTY_JSON_OBJECT;
        if (!settings.containsKey("ipLimitPerMinute") && !settings.containsKey("ipLimitPerHour")) {
            settings = Json.createObjectBuilder(settings).add("ipLimitPerMinute", 0).add("ipLimitPerHour", 0).build();
            document = Json.createObjectBuilder(doc).add("settings", settings).build().toString();
        }
        HttpResponse<String> r = adminPut("/admin/api/config", document);
        if (r.statusCode() != 200) {
            throw new AssertionError("config import refused: " + r.statusCode() + " " + r.body());
        }
    }

    private HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return http.send(request.timeout(Duration.ofSeconds(60)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (Exception e) {
            throw new AssertionError("request to the proxy failed: " + e, e);
        }
    }
}
