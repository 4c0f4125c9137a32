package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Base64;
import java.util.Comparator;
import java.util.Map;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * An instance alone on embedded H2 counts its rate limits, budgets and failed sign-ins in memory and writes them behind:
 * what it had counted and written survives a crash ({@code kill -9}) and a restart, so a caller cannot reset a limit,
 * a budget or a lock-out by crashing the server.
 */
@OwnServers
class AloneOnH2IT {

    private static final String ADMIN = "Basic " + Base64.getEncoder()
            .encodeToString("admin:alone-admin-secret".getBytes(StandardCharsets.UTF_8));
    private static final String CONFIG = "{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\"}],"
            + "\"models\":[{\"name\":\"alone-ok\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
            + "\"tiers\":[{\"name\":\"alone-tier\",\"chain\":[\"alone-ok\"]}],"
            + "\"settings\":{\"ipLimitPerMinute\":0,\"ipLimitPerHour\":3,\"trustedProxies\":[\"127.0.0.1\",\"::1\"],"
            + "\"signInFailuresPerAddress\":3,"
            + "\"budgets\":{\"scope:alone\":{\"dailyTokens\":115}}}}";
    /**
     * Reserves 100 tokens ("hi" is estimated at 9 prompt tokens, plus max_tokens 91); the simulated model reports 8.
     * Two fit in 115 (0 + 100, then 8 + 100), a third does not (16 + 100).
     */
    private static final String BUDGETED = "{\"model\":\"alone-tier\",\"max_tokens\":91,"
            + "\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";
    private static final Path DATA = Path.of("target/alone-it-data").toAbsolutePath();

    private static LibertyInstance alone;

    @BeforeAll
    static void start() throws Exception {
        if (Files.exists(DATA)) {
            try (Stream<Path> files = Files.walk(DATA)) {
                files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
            }
        }
        alone = new LibertyInstance("aloneOnH2", 9284,
                Path.of(System.getProperty("liberty.wlpHome"), "usr/servers/testServer/jdbc/h2.jar"),
                Map.of("PROXY_DATA_DIR", DATA.toString(), "PROXY_ADMIN_PASSWORD", "alone-admin-secret"));
        alone.start();
        HttpResponse<String> imported = alone.send(HttpRequest.newBuilder(URI.create(alone.base()
                + "/admin/api/config")).header("Authorization", ADMIN).header("Content-Type", "application/json")
                .PUT(HttpRequest.BodyPublishers.ofString(CONFIG)));
        assertThat(imported.statusCode()).as(imported.body()).isEqualTo(200);
    }

    @AfterAll
    static void stop() throws Exception {
        if (alone != null) {
            alone.close();
        }
    }

    @Test
    void whatWasCountedAndWrittenSurvivesACrashAndWhatTheLastSecondsCountedSurvivesAStop() throws Exception {
        for (int i = 0; i < 3; i++) {
            assertThat(chat("203.0.113.1", ProxyClient.chatBody("alone-tier"), "").statusCode()).isEqualTo(200);
        }
        for (int i = 0; i < 2; i++) {
            assertThat(chat("203.0.113.2", BUDGETED, "/scopes/alone").statusCode()).isEqualTo(200);
        }
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(usedTokens()).isEqualTo(16));
        // nothing waits to be written: a crash now loses nothing
        await().atMost(Duration.ofSeconds(10)).untilAsserted(() -> assertThat(alone.get("/metrics").body())
                .contains("proxy_rate_limit_unwritten 0.0").contains("proxy_budget_settlements_unwritten 0.0"));

        alone.kill();
        alone.start();
        HttpResponse<String> limited = chat("203.0.113.1", ProxyClient.chatBody("alone-tier"), "");
        assertThat(limited.statusCode()).isEqualTo(429);
        assertThat(limited.body()).contains("ipLimitPerHour");
        assertThat(usedTokens()).isEqualTo(16);
        HttpResponse<String> broke = chat("203.0.113.2", BUDGETED, "/scopes/alone");
        assertThat(broke.statusCode()).isEqualTo(429);
        assertThat(broke.body()).contains("budget_exceeded");

        // counted just before an orderly stop: written on the way down
        for (int i = 0; i < 3; i++) {
            assertThat(chat("203.0.113.3", ProxyClient.chatBody("alone-tier"), "").statusCode()).isEqualTo(200);
            assertThat(admin("203.0.113.9", "Basic bm9ib2R5Ondyb25n").statusCode()).isEqualTo(401); // nobody:wrong
        }
        assertThat(admin("203.0.113.9", ADMIN).statusCode()).as("locked out").isEqualTo(429);
        alone.close();
        alone.start();
        assertThat(chat("203.0.113.3", ProxyClient.chatBody("alone-tier"), "").statusCode()).isEqualTo(429);
        assertThat(admin("203.0.113.9", ADMIN).statusCode()).as("still locked out").isEqualTo(429);
        assertThat(admin("203.0.113.10", ADMIN).statusCode()).isEqualTo(200);
    }

    private static HttpResponse<String> admin(String client, String authorization) throws Exception {
        return alone.send(HttpRequest.newBuilder(URI.create(alone.base() + "/admin/api/budgets"))
                .header("Authorization", authorization).header("X-Forwarded-For", client).GET());
    }

    private static HttpResponse<String> chat(String client, String body, String scope) throws Exception {
        return alone.send(HttpRequest.newBuilder(URI.create(alone.base() + "/v1" + scope + "/chat/completions"))
                .header("Content-Type", "application/json").header("X-Forwarded-For", client)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static long usedTokens() throws Exception {
        JsonObject all = Json.createReader(new StringReader(alone.send(HttpRequest.newBuilder(
                URI.create(alone.base() + "/admin/api/budgets")).header("Authorization", ADMIN).GET()).body()))
                .readObject();
        return all.getJsonArray("budgets").getValuesAs(JsonObject.class).stream()
                .filter(o -> o.getString("name").equals("scope:alone.daily")).findFirst().orElseThrow()
                .getJsonNumber("usedTokens").longValue();
    }
}
