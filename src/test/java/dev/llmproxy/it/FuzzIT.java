package dev.llmproxy.it;

import dev.llmproxy.testing.HostileInputs;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.awaitility.Awaitility.await;

/**
 * 10,000 hostile requests against the deployed proxy (bodies, methods, paths, credentials and framing from
 * {@link HostileInputs}, one seed each): every one gets a complete answer, none a 5xx but an upstream's honest
 * 502/503/504, every error in the OpenAI shape where the application answers, and no socket is left behind.
 */
class FuzzIT extends DeployedProxy {

    private static final int REQUESTS = Integer.getInteger("it.fuzz.requests", 10_000);
    private static final int THREADS = 8;
    private static final int PORT = Integer.getInteger("it.http.port", 9180);
    private static final List<String> METHODS = List.of("POST", "POST", "POST", "POST", "GET", "PUT", "DELETE", "PATCH",
            "OPTIONS", "FOO");
    private static final List<String> PATHS = List.of("/v1/chat/completions", "/v1/chat/completions",
            "/v1/scopes/fuzz/chat/completions", "/v1/scopes/%2e%2e/chat/completions", "/v1/scopes//chat/completions",
            "/v1/models", "/v1/status", "/v1/nothing", "/admin/api/config", "/admin/api/keys", "/metrics", "/errors/container",
            // path parameters, which once poisoned Liberty's mapping cache for the path before the ';'
            "/admin;x=y/api/config", "/admin/api;x=y/config", "/v1;x/models", "/v1/models;x/../status");
    private static final List<String> TYPES = List.of("application/json", "application/json; charset=utf-8",
            "text/plain", "", "application/x-www-form-urlencoded");

    @BeforeAll
    static void configure() {
        new ProxyClient().importConfig("{\"providers\":[{\"name\":\"sim\",\"kind\":\"sim\",\"baseUrl\":\"sim://local\"}],"
                + "\"models\":[{\"name\":\"f-fast\",\"provider\":\"sim\",\"upstreamModel\":\"healthy-1ms\"}],"
                + "\"tiers\":[{\"name\":\"fast\",\"chain\":[\"f-fast\"]},{\"name\":\"balanced\",\"chain\":[\"f-fast\"]}],"
                + "\"settings\":{\"trustedProxies\":[\"127.0.0.1\",\"::1\"],\"bodyTimeoutMs\":300}}");
    }

    @AfterAll
    static void liftLockOuts() {
        // random Basic credentials from many addresses counted as failed sign-ins
        new ProxyClient().send("DELETE", "/admin/api/sign-in-locks", null, "Authorization", ProxyClient.adminAuth());
    }

    @Test
    void tenThousandHostileRequestsAreEachAnsweredAndLeaveNoSocketBehind() throws Exception {
        long closeWaitBefore = closeWaitSockets();
        ExecutorService pool = Executors.newFixedThreadPool(THREADS);
        List<String> problems = Collections.synchronizedList(new ArrayList<>());
        List<Future<?>> runs = new ArrayList<>();
        for (int t = 0; t < THREADS; t++) {
            int thread = t;
            runs.add(pool.submit(() -> {
                for (int i = thread; i < REQUESTS; i += THREADS) {
                    check(i, problems);
                }
            }));
        }
        for (Future<?> run : runs) {
            run.get();
        }
        pool.shutdown();
        assertThat(problems).as("seeds whose request was not answered properly").isEmpty();
        // the server closes its side of every connection the clients closed
        await().atMost(Duration.ofSeconds(30)).untilAsserted(() ->
                assertThat(closeWaitSockets()).isLessThanOrEqualTo(closeWaitBefore + 2));
    }

    private static void check(long seed, List<String> problems) {
        Random r = new Random(seed);
        String method = METHODS.get(r.nextInt(METHODS.size()));
        String path = PATHS.get(r.nextInt(PATHS.size()));
        byte[] body = HostileInputs.chatBody(r);
        StringBuilder head = new StringBuilder(method).append(' ').append(path).append(" HTTP/1.1\r\nHost: localhost\r\n")
                .append("Connection: close\r\nX-Forwarded-For: 198.18.").append(r.nextInt(256)).append('.')
                .append(r.nextInt(256)).append("\r\n");
        String type = TYPES.get(r.nextInt(TYPES.size()));
        if (!type.isEmpty()) {
            head.append("Content-Type: ").append(type).append("\r\n");
        }
        if (r.nextInt(3) == 0) {
            head.append("Authorization: ").append(HostileInputs.authorization(r)).append("\r\n");
        }
        byte[] sent = body;
        switch (r.nextInt(20)) {
            case 0 -> head.append("Content-Length: ").append(body.length + 1 + r.nextInt(100)).append("\r\n"); // never completes
            case 1, 2 -> {
                head.append("Transfer-Encoding: chunked\r\n");
                sent = chunked(body, r);
            }
            default -> head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("\r\n");
        String what = "seed " + seed + ": " + method + " " + path;
        try {
            RawExchange answer = RawExchange.send(head.toString().getBytes(StandardCharsets.ISO_8859_1), sent);
            int status = answer.status();
            if (status >= 500 && status != 502 && status != 503 && status != 504) {
                problems.add(what + " answered " + status + ": " + answer.body());
            } else if (status >= 400 && !errorShaped(answer.body())) {
                problems.add(what + " answered " + status + " outside the OpenAI error shape: " + answer.body());
            }
        } catch (IOException | RuntimeException e) {
            problems.add(what + " got no complete answer: " + e);
        }
    }

    private static boolean errorShaped(String body) {
        try {
            JsonObject error = Json.createReader(new StringReader(body)).readObject().getJsonObject("error");
            return error != null && error.get("message") instanceof jakarta.json.JsonString
                    && error.get("type") instanceof jakarta.json.JsonString && error.get("code") != JsonValue.NULL;
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static byte[] chunked(byte[] body, Random r) {
        StringBuilder out = new StringBuilder();
        int i = 0;
        while (i < body.length) {
            int n = Math.min(body.length - i, 1 + r.nextInt(64));
            out.append(Integer.toHexString(n)).append("\r\n")
                    .append(new String(body, i, n, StandardCharsets.ISO_8859_1)).append("\r\n");
            i += n;
        }
        out.append("0\r\n\r\n");
        return out.toString().getBytes(StandardCharsets.ISO_8859_1);
    }

    /** Sockets of the test server's port that the client closed and the server has not (Linux's socket tables). */
    private static long closeWaitSockets() throws IOException {
        String port = String.format(":%04X", PORT);
        long n = 0;
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path p = Path.of(table);
            if (Files.exists(p)) {
                n += Files.readAllLines(p).stream().skip(1).map(String::trim).map(l -> l.split("\\s+"))
                        .filter(f -> f.length > 3 && f[1].endsWith(port) && f[3].equals("08")).count();
            }
        }
        return n;
    }
}
