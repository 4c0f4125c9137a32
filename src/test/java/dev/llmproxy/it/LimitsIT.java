package dev.llmproxy.it;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import org.junit.jupiter.api.Test;

import java.io.StringReader;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * Denial-of-wallet defences end to end: flood bound, key cap, scope buckets, prompt and body caps, origin gate, keys.
 * Each test is its own client address, told through X-Forwarded-For from the trusted local proxy.
 */
class LimitsIT extends DeployedProxy {

    private static final AtomicInteger CLIENTS = new AtomicInteger(10);
    private static final String SIM = "{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
            + "\"models\":[{\"name\":\"l-ok\",\"provider\":\"sim\",\"upstreamModel\":\"healthy\"}],"
            + "\"tiers\":[{\"name\":\"l-tier\",\"chain\":[\"l-ok\"]},{\"name\":\"l-other\",\"chain\":[\"l-ok\"]}],"
            + "\"settings\":{\"trustedProxies\":[\"127.0.0.1\",\"::1\"],";

    private final String client = "198.51.100." + CLIENTS.incrementAndGet();

    private void configure(String settings) {
        proxy.importConfig(SIM + settings + "}}");
    }

    private HttpResponse<String> postAt(String path, String body, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "X-Forwarded-For";
        all[1] = client;
        System.arraycopy(headers, 0, all, 2, headers.length);
        return proxy.send("POST", path, body, all);
    }

    private HttpResponse<String> chat(String... headers) {
        return postAt("/v1/chat/completions", ProxyClient.chatBody("l-tier"), headers);
    }

    private static JsonObject error(HttpResponse<String> r) {
        return Json.createReader(new StringReader(r.body())).readObject().getJsonObject("error");
    }

    @Test
    void theFloodBoundRefusesRequestNPlusOneWithRetryAfterAndNamesTheLimit() {
        configure("\"ipLimitPerMinute\":3,\"ipLimitPerHour\":100");
        for (int i = 0; i < 3; i++) {
            assertThat(chat().statusCode()).as("request %d", i + 1).isEqualTo(200);
        }
        HttpResponse<String> refused = chat();
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).isPresent();
        assertThat(Long.parseLong(refused.headers().firstValue("Retry-After").orElseThrow())).isBetween(1L, 61L);
        assertThat(error(refused).getString("code")).isEqualTo("rate_limited");
        assertThat(error(refused).getString("message")).contains("ipLimitPerMinute");
        // another address is not affected
        assertThat(proxy.send("POST", "/v1/chat/completions", ProxyClient.chatBody("l-tier"),
                "X-Forwarded-For", "198.51.100.250").statusCode()).isEqualTo(200);
        // a spoofed header from an untrusted peer would be ignored; here the peer is trusted, so it is believed:
        // the request log holds the hash of the forwarded address, never the address
        String id = refused.headers().firstValue("X-Request-Id").orElseThrow();
        JsonObject row = await().atMost(Duration.ofSeconds(10)).until(() -> logRow(id), r -> r != null);
        JsonObject caller = row.getJsonObject("caller");
        assertThat(caller.getString("limitHit")).isEqualTo("ipLimitPerMinute");
        assertThat(caller.getString("limits")).isEqualTo("ipLimitPerMinute,ipLimitPerHour");
        assertThat(caller.getString("clientHash")).hasSize(32);
        assertThat(row.toString()).doesNotContain(client);
    }

    @Test
    void aFloodPastTheLimitLeavesTheFirstRefusalsRowAndOneRowForTheRestWithTheirCount() {
        configure("\"ipLimitPerMinute\":2,\"ipLimitPerHour\":100");
        for (int i = 0; i < 2; i++) {
            assertThat(chat().statusCode()).isEqualTo(200);
        }
        HttpResponse<String> first = chat();
        assertThat(first.statusCode()).isEqualTo(429);
        List<String> flood = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            HttpResponse<String> again = chat();
            assertThat(again.statusCode()).isEqualTo(429);
            assertThat(again.headers().firstValue("Retry-After")).isPresent();
            assertThat(error(again).getString("message")).contains("ipLimitPerMinute");
            flood.add(again.headers().firstValue("X-Request-Id").orElseThrow());
        }
        // the store's refusal keeps its own full row
        JsonObject row = await().atMost(Duration.ofSeconds(10))
                .until(() -> logRow(first.headers().firstValue("X-Request-Id").orElseThrow()), r -> r != null);
        assertThat(row.getJsonObject("caller").getString("limiter")).isEqualTo("shared");
        assertThat(row.getJsonObject("caller").isNull("refusals")).isTrue();
        // the rest are one row, written once the window has room again (within the minute), under the first's id
        JsonObject run = await().atMost(Duration.ofSeconds(75)).pollInterval(Duration.ofSeconds(1))
                .until(() -> logRow(flood.get(0)), r -> r != null);
        JsonObject caller = run.getJsonObject("caller");
        assertThat(run.getInt("status")).isEqualTo(429);
        assertThat(caller.getInt("refusals")).isEqualTo(30);
        assertThat(caller.getString("limiter")).isEqualTo("remembered");
        assertThat(caller.getString("limitHit")).isEqualTo("ipLimitPerMinute");
        assertThat(caller.getString("clientHash")).isEqualTo(row.getJsonObject("caller").getString("clientHash"));
        assertThat(Instant.parse(caller.getString("lastRefusedAt"))).isAfterOrEqualTo(Instant.parse(run.getString("receivedAt")));
        assertThat(flood.subList(1, flood.size()).stream().map(this::logRow).filter(r -> r != null)).isEmpty();
        // and the limit holds again as before: the window has room
        assertThat(chat().statusCode()).isEqualTo(200);
    }

    @Test
    void aKeyHasItsOwnCapAndARevokedKeyIs401() {
        configure("\"ipLimitPerMinute\":1");
        JsonObject created = createKey("{\"name\":\"capped\",\"limitPerMinute\":2}");
        String key = created.getString("key");
        assertThat(key).startsWith("llmp_");
        for (int i = 0; i < 2; i++) {
            // keyed callers are bounded by their key, not by the address's flood bound (1 here)
            assertThat(chat("Authorization", "Bearer " + key).statusCode()).isEqualTo(200);
        }
        HttpResponse<String> capped = chat("Authorization", "Bearer " + key);
        assertThat(capped.statusCode()).isEqualTo(429);
        assertThat(error(capped).getString("message")).contains("keyLimitPerMinute").contains("2 requests per minute");

        String other = createKey("{\"name\":\"to-revoke\"}").getString("key");
        assertThat(chat("Authorization", "Bearer " + other).statusCode()).isEqualTo(200);
        String id = other.split("_")[1];
        assertThat(proxy.adminPost("/admin/api/keys/" + id + "/revoke").statusCode()).isEqualTo(200);
        HttpResponse<String> revoked = chat("Authorization", "Bearer " + other);
        assertThat(revoked.statusCode()).isEqualTo(401);
        assertThat(error(revoked).getString("code")).isEqualTo("invalid_api_key");
        assertThat(error(revoked).getString("message")).contains("revoked");
        // a made-up key of our shape is refused too, and the list never shows a key
        assertThat(chat("Authorization", "Bearer llmp_AAAAAAAAAAAA_" + "B".repeat(32)).statusCode()).isEqualTo(401);
        assertThat(proxy.adminGet("/admin/api/keys").body()).contains(id).doesNotContain(other);
    }

    @Test
    void scopesDoNotShareABucket() {
        configure("\"ipLimitPerMinute\":0,\"ipLimitPerHour\":0,"
                + "\"scopeLimits\":{\"pairing\":{\"perMinute\":1},\"chat\":{\"perMinute\":1}}");
        String body = ProxyClient.chatBody("l-tier");
        assertThat(postAt("/v1/scopes/pairing/chat/completions", body).statusCode()).isEqualTo(200);
        HttpResponse<String> second = postAt("/v1/scopes/pairing/chat/completions", body);
        assertThat(second.statusCode()).isEqualTo(429);
        assertThat(error(second).getString("message")).contains("scopeLimits.pairing.perMinute");
        assertThat(postAt("/v1/scopes/chat/chat/completions", body).statusCode()).isEqualTo(200);
        // a key bound to a scope cannot spend another scope's allowance
        String key = createKey("{\"name\":\"pairing-only\",\"scope\":\"pairing\"}").getString("key");
        HttpResponse<String> wrongScope = postAt("/v1/scopes/chat/chat/completions", body, "Authorization", "Bearer " + key);
        assertThat(wrongScope.statusCode()).isEqualTo(403);
        assertThat(postAt("/v1/scopes/no/such/path", body).statusCode()).isEqualTo(404);
    }

    @Test
    void promptAndBodyCapsAnswer413() {
        configure("\"maxPromptChars\":10,\"maxBodyBytes\":2048");
        HttpResponse<String> prompt = postAt("/v1/chat/completions",
                "{\"model\":\"l-tier\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "x".repeat(11) + "\"}]}");
        assertThat(prompt.statusCode()).isEqualTo(413);
        assertThat(error(prompt).getString("code")).isEqualTo("prompt_too_long");
        HttpResponse<String> body = postAt("/v1/chat/completions",
                "{\"model\":\"l-tier\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}],\"user\":\""
                        + "y".repeat(3000) + "\"}");
        assertThat(body.statusCode()).isEqualTo(413);
        assertThat(error(body).getString("code")).isEqualTo("payload_too_large");
    }

    @Test
    void aDisallowedOriginIs403BeforeAnythingIsCountedAndPreflightsFollowTheList() {
        configure("\"ipLimitPerMinute\":1,\"allowedOrigins\":[\"app.example.com\",\".partner.org\"]");
        HttpResponse<String> evil = chat("Origin", "https://evil.example.net");
        assertThat(evil.statusCode()).isEqualTo(403);
        assertThat(error(evil).getString("code")).isEqualTo("origin_not_allowed");
        assertThat(evil.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
        // the refused request used none of the allowance of 1
        HttpResponse<String> ok = chat("Origin", "https://chat.partner.org");
        assertThat(ok.statusCode()).isEqualTo(200);
        assertThat(ok.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://chat.partner.org");
        assertThat(ok.headers().firstValue("Access-Control-Expose-Headers").orElseThrow()).contains("X-Proxy-Model")
                .contains("X-Proxy-Overhead-Ms").contains("X-Proxy-Reused");

        HttpResponse<String> preflight = proxy.send("OPTIONS", "/v1/chat/completions", null,
                "Origin", "https://app.example.com", "Access-Control-Request-Method", "POST",
                "Access-Control-Request-Headers", "authorization, content-type");
        assertThat(preflight.statusCode()).isEqualTo(204);
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Origin")).hasValue("https://app.example.com");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Methods").orElseThrow()).contains("POST");
        assertThat(preflight.headers().firstValue("Access-Control-Allow-Headers").orElseThrow())
                .containsIgnoringCase("authorization");
        HttpResponse<String> refusedPreflight = proxy.send("OPTIONS", "/v1/chat/completions", null,
                "Origin", "https://partner.org", "Access-Control-Request-Method", "POST");
        assertThat(refusedPreflight.statusCode()).isEqualTo(403);
        assertThat(refusedPreflight.headers().firstValue("Access-Control-Allow-Origin")).isEmpty();
    }

    @Test
    void withoutAnonymousCallersAKeyIsRequiredAndKeysKeepToTheirTiers() {
        configure("\"allowAnonymousCallers\":false");
        HttpResponse<String> anonymous = chat();
        assertThat(anonymous.statusCode()).isEqualTo(401);
        assertThat(error(anonymous).getString("message")).contains("API key is required");
        // an SDK's placeholder key is no key
        assertThat(chat("Authorization", "Bearer sk-placeholder").statusCode()).isEqualTo(401);
        String key = createKey("{\"name\":\"tier-bound\",\"allowedTiers\":[\"l-tier\"]}").getString("key");
        assertThat(chat("Authorization", "Bearer " + key).statusCode()).isEqualTo(200);
        HttpResponse<String> other = postAt("/v1/chat/completions", ProxyClient.chatBody("l-other"),
                "Authorization", "Bearer " + key);
        assertThat(other.statusCode()).isEqualTo(403);
        assertThat(error(other).getString("code")).isEqualTo("not_permitted");
    }

    @Test
    void keyRequestsAreValidatedFieldByField() {
        configure("\"ipLimitPerMinute\":0");
        HttpResponse<String> bad = proxy.send("POST", "/admin/api/keys",
                "{\"name\":\"\",\"scope\":\"Bad Scope\",\"allowedTiers\":[\"nope\"],\"limitPerMinute\":0,\"colour\":1,"
                        + "\"priority\":\"urgent\"}",
                "Authorization", ProxyClient.adminAuth());
        assertThat(bad.statusCode()).isEqualTo(400);
        assertThat(bad.body()).contains("name:").contains("scope:").contains("allowedTiers: no tier is named 'nope'")
                .contains("limitPerMinute:").contains("colour: is not a known field")
                .contains("priority: must be interactive, standard or batch");
        assertThat(proxy.adminGet("/admin/api/keys").body()).doesNotContain("Bad Scope");

        JsonObject batch = createKey("{\"name\":\"nightly\",\"priority\":\"batch\"}");
        assertThat(batch.getString("priority")).isEqualTo("batch");
        assertThat(createKey("{\"name\":\"plain\"}").getString("priority")).isEqualTo("standard");
        // a batch key asking to be interactive stays batch: a request may only lower its priority
        assertThat(chat("Authorization", "Bearer " + batch.getString("key"), "X-Proxy-Priority", "interactive")
                .statusCode()).isEqualTo(200);
    }

    private JsonObject createKey(String body) {
        HttpResponse<String> r = proxy.send("POST", "/admin/api/keys", body, "Authorization", ProxyClient.adminAuth());
        assertThat(r.statusCode()).as(r.body()).isEqualTo(201);
        return Json.createReader(new StringReader(r.body())).readObject();
    }

    private JsonObject logRow(String requestId) {
        JsonObject page = Json.createReader(new StringReader(proxy.adminGet("/admin/api/requests?limit=200").body()))
                .readObject();
        return page.getJsonArray("data").stream().map(JsonObject.class::cast)
                .filter(r -> r.getString("requestId").equals(requestId)).findFirst().orElse(null);
    }
}
